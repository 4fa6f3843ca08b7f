/** The answer of a public write: HTTP status and the parsed JSON body (undefined when not JSON). */
export interface PublicPostResult {
  status: number;
  ok: boolean;
  data: unknown;
}

/**
 * POSTs JSON to `/api{path}` without credentials. The public islands use this instead of
 * `api()` so they do not pull the session store into the home page's JavaScript, and so they can
 * read the whole error body (`detail` and the per-field `errors`). A network failure rejects.
 */
export async function postPublic(path: string, body: unknown): Promise<PublicPostResult> {
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
