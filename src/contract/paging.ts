/**
 * Cursor paging of the lists that grow (docs/decisions/0201-cursor-paging.md), shared by the
 * functions and the dashboards: `?cursor=&limit=`; the next page's cursor comes back as
 * `nextCursor` in an object answer, or in the `X-Next-Cursor` header beside a bare array.
 */
export const PAGING = {
  defaultLimit: 20,
  maxLimit: 100,
  /** The response header that carries the next cursor beside a list answered as an array. */
  nextCursorHeader: 'X-Next-Cursor',
} as const;

/** A page as the browser holds it: the rows and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
