import { ApiError } from './api-client.ts';

/**
 * What to tell the user when the server refused: its own `detail` for a 4xx (another tab or person
 * changed the item, a rule), otherwise the fallback. A 5xx detail is generic by design.
 */
export function refusalOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.detail && err.status > 0 && err.status < 500 ? err.detail : fallback;
}

/** A refusal that means the item changed elsewhere, so the screen should read it again. */
export function isStale(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 409 || err.status === 403);
}

/** The server's `detail` whatever the status (the console shows a 503's reason too), else the fallback. */
export function detailOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.detail ? err.detail : fallback;
}

/** The server's `detail` whatever the status, for a toast's description; undefined when it gave none. */
export function detailOf(err: unknown): string | undefined {
  return err instanceof ApiError ? err.detail : undefined;
}
