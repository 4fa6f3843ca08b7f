import { describe, expect, it } from 'vitest';
import { afterFailure, MAX_DELIVERY_ATTEMPTS, retryDelaySeconds } from './retry-policy.ts';

describe('retry policy', () => {
  it('backs off 1 min, 5 min, 30 min, 2 h', () => {
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(a))).toEqual([60, 300, 1800, 7200]);
  });

  it('honours a longer Retry-After from the provider, capped at 6 hours', () => {
    expect(retryDelaySeconds(1, 600)).toBe(600);
    expect(retryDelaySeconds(1, 10)).toBe(60);
    expect(retryDelaySeconds(1, 99_999)).toBe(21_600);
  });

  it('retries until the last attempt, then the message is dead', () => {
    expect(afterFailure(1, false)).toEqual({ status: 'pending', retryInSeconds: 60 });
    expect(afterFailure(MAX_DELIVERY_ATTEMPTS - 1, false).status).toBe('pending');
    expect(afterFailure(MAX_DELIVERY_ATTEMPTS, false)).toEqual({ status: 'dead' });
  });

  it('gives up at once on a permanent refusal', () => {
    expect(afterFailure(1, true)).toEqual({ status: 'dead' });
  });
});
