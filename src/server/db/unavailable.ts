/**
 * Whether an error means "the database cannot answer right now" (unreachable, stopped, frozen,
 * starting, overloaded, a statement or lock wait that ran out of time) rather than a bug. Such
 * errors become 503 with Retry-After: the client may try the same request again shortly.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** SQLSTATEs: 08 connection exception, 53 insufficient resources, 57014 statement timeout
 * (query_canceled), 57P01-57P05 shutdown / cannot connect now / idle session timeout, 55P03 lock
 * not available (lock_timeout). */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code.startsWith('53') || code === '57014' || code.startsWith('57P') || code === '55P03'
  );
}

const MESSAGES = [
  /Query read timeout/i,
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end/i,
  /WebSocket/i,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  // Neon's serverless driver rejects with the WebSocket's own ErrorEvent (no message, no code)
  // when its proxy cannot be reached: a socket failure, nothing else throws an Event here.
  if (typeof Event !== 'undefined' && error instanceof Event) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
  // Node reports a refused connection to several addresses as an AggregateError; Neon's driver
  // may wrap the socket error in `cause`.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A short description for the log line (no connection string, no query text). */
export function describeDatabaseError(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error);
  const e = error as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? `${e.code} ` : '';
  const message = typeof e.message === 'string' && e.message ? e.message : String(e.name ?? 'error');
  return `${code}${message}`.replace(/postgres(ql)?:\/\/\S+/gi, '[database url]').slice(0, 200);
}
