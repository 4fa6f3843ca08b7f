/**
 * The administrator's console as addresses (docs/decisions/0421-console-addresses.md):
 * `/admin?section=<tab>` (or `section=config`), System Config's tab in `config=`, and the Inbox's
 * list and open request in `list=` and `open=`. One place for the names, so a link written
 * elsewhere (an email, a test) opens the same screen.
 */
export const CONSOLE_PARAMS = {
  section: 'section',
  config: 'config',
  inboxList: 'list',
  inboxOpen: 'open',
} as const;

/** What a section holds inside it: dropped when the administrator moves to another section. */
export const CONSOLE_INNER_PARAMS = [
  CONSOLE_PARAMS.config,
  CONSOLE_PARAMS.inboxList,
  CONSOLE_PARAMS.inboxOpen,
] as const;
