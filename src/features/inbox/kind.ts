import type { InboxKind } from '../../contract/inbox.ts';

/** Which list a `/api/admin/quotes...` or `/api/admin/leads...` call is about. */
export function kindOf(url: URL): InboxKind {
  return url.pathname.startsWith('/api/admin/leads') ? 'leads' : 'quotes';
}
