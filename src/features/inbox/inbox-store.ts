import { atom } from 'nanostores';

/** Which list the dashboard's inbox cards asked the Inbox tab to open ("waiting" or "overdue"). */
export const $inboxPreset = atom<'waiting' | 'overdue' | null>(null);
