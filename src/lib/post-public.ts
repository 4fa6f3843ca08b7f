import type { Routes } from '../contract/routes.ts';

/** The anonymous writes of the public pages, as paths after `/api` (from the route table). */
type PublicWrite = Routes['quoteSubmit' | 'leadCapture']['path'] extends `/api${infer P}` ? P : never;

/** The answer of a public write: HTTP status and the parsed JSON body (undefined when not JSON). */
export interface PublicPostResult {
  status: number;
  ok: boolean;
  data: unknown;
}

/**
 * POSTs JSON to `/api{path}` without credentials (the route table's quote and lead routes; the
 * import is a type only, so the home page ships none of the table's schemas). The public islands use this instead of
 * `api()` so they do not pull the session store into the home page's JavaScript, and so they can
 * read the whole error body (`detail` and the per-field `errors`). A network failure rejects.
 */
export async function postPublic(path: PublicWrite, body: unknown): Promise<PublicPostResult> {
  const res = await fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  }
  return { status: res.status, ok: res.ok, data };
}
