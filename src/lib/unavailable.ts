/**
 * A request the server could not serve for now (503: its database or a dependency is down; 502 or
 * 504 from a proxy; no answer at all) is worth sending again as is. Forms keep what was typed and
 * offer "Try again" (docs/decisions/0071-forms-on-503.md).
 */
export function isTemporarilyUnavailable(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/**
 * The HTTP status of a failed `api()` call (an ApiError), 0 for anything else. Read by shape: the
 * public islands import this file, and must not pull in the API client and its session store.
 */
export function failedStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

export const UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. What you entered is still here: try again in a moment.';
export const TRY_AGAIN_LABEL = 'Try again';

/** Sonner options for an error toast with a "Try again" button, kept on screen long enough to use. */
export function tryAgain(retry: () => void, description: string = UNAVAILABLE_MESSAGE) {
  return { description, duration: 15_000, action: { label: TRY_AGAIN_LABEL, onClick: retry } };
}
