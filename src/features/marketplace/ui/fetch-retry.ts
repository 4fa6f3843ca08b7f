import { api, ApiError, type ApiOptions } from '../../../lib/api-client.ts';

/**
 * A GET that tries once more after a network failure or a 5xx: a cold function (first call after a
 * deploy, or while the local emulator bundles it) can fail once and answer the next call. A 4xx is
 * an answer and is never retried.
 */
export async function getWithRetry<T>(path: string, options: ApiOptions = {}, delayMs = 600): Promise<T> {
  try {
    return await api<T>(path, options);
  } catch (err) {
    if (!(err instanceof ApiError) || (err.status !== 0 && err.status < 500)) throw err;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return api<T>(path, options);
  }
}
