/**
 * When a failed message is tried again. Attempts are counted when a message is claimed, so the
 * first retry follows attempt 1. After MAX_DELIVERY_ATTEMPTS the message is dead: it stays in the
 * outbox for an administrator to read and retry by hand.
 */
export const MAX_DELIVERY_ATTEMPTS = 5;

const BACKOFF_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60] as const;

/** Seconds to wait after failed attempt number `attempt` (1-based). */
export function retryDelaySeconds(attempt: number, providerRetryAfter?: number): number {
  const planned = BACKOFF_SECONDS[Math.min(Math.max(attempt, 1), BACKOFF_SECONDS.length) - 1]!;
  // A provider that says when to come back (429 Retry-After) is listened to, within reason.
  return providerRetryAfter ? Math.min(Math.max(planned, providerRetryAfter), 6 * 60 * 60) : planned;
}

export type FailureOutcome = { status: 'pending'; retryInSeconds: number } | { status: 'dead' };

/** What a failure means for a message: try again later, or stop. Refusals of the message itself never heal. */
export function afterFailure(attempt: number, permanent: boolean, providerRetryAfter?: number): FailureOutcome {
  if (permanent || attempt >= MAX_DELIVERY_ATTEMPTS) return { status: 'dead' };
  return { status: 'pending', retryInSeconds: retryDelaySeconds(attempt, providerRetryAfter) };
}
