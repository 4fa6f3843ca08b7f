import { expect } from 'vitest';
import { api, type ApiResult } from './api.ts';

/**
 * Every row of a cursor-paged list, following `X-Next-Cursor` to the last page: a test that looks
 * for one row must not depend on how many other files' rows come before it. Each page must answer
 * 200; `check` adds what every page must also hold.
 */
export async function everyPage<T = Record<string, unknown>>(
  path: string,
  token: string,
  check?: (page: ApiResult) => void,
): Promise<T[]> {
  const rows: T[] = [];
  const join = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  do {
    const page: ApiResult = await api.get(`${path}${cursor ? `${join}cursor=${cursor}` : ''}`, { token });
    expect(page.status).toBe(200);
    check?.(page);
    rows.push(...(page.body as T[]));
    cursor = page.headers.get('X-Next-Cursor');
  } while (cursor);
  return rows;
}
