/**
 * What a count badge shows (the bell, a section's tab): the number up to 99, then "99+". The
 * notifications are counted over one page of 100, so a badge never states a figure it did not
 * count; the Overview's "Unread Notifications" card gives the exact number from the server.
 */
export function countBadge(n: number): string {
  return n > 99 ? '99+' : String(n);
}
