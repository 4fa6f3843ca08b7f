import { $token } from '../features/auth/session.ts';

/** A failed API call: `status` (0 when the network failed) and the server's `detail`, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  constructor(status: number, detail: string | undefined, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

export interface ApiOptions {
  method?: string;
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls `/api{path}` on this site. 200-299 resolve with the parsed JSON; anything else rejects
 * with an ApiError carrying the server's `detail`. No timeout by default (spec section 9).
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const token = options.auth === false ? undefined : $token.get();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body === undefined ? {} : { body }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new ApiError(0, undefined, error instanceof Error ? error.message : 'Network error');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const detail = typeof (data as { detail?: unknown })?.detail === 'string' ? (data as { detail: string }).detail : undefined;
    throw new ApiError(res.status, detail, detail ?? `Request failed with status ${res.status}`);
  }
  return data as T;
}
