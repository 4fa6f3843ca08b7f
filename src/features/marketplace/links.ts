/**
 * Where in the dashboard an item lives, for links in emails and calendar files: the section as
 * the dashboard's `?section=` and the item as its element id, so the link opens the right section
 * and scrolls to the item.
 */
export function dashboardLink(section: string, itemId?: string | null): string {
  return `/dashboard?section=${encodeURIComponent(section)}${itemId ? `#item-${itemId}` : ''}`;
}
