import { describe, expect, it } from 'vitest';
import { retryMinutes, throttleSettings } from '../../src/features/auth/throttle.ts';

describe('throttleSettings', () => {
  it('uses the contract defaults', () => {
    expect(throttleSettings({})).toEqual({ maxFailuresPerAccount: 5, maxFailuresPerIp: 20, windowSeconds: 900 });
  });
  it('reads overrides and the scale', () => {
    expect(
      throttleSettings({
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_MAX_FAILURES_PER_IP: '10',
        LOGIN_FAILURE_WINDOW_MINUTES: '30',
        LOGIN_RATE_LIMIT_SCALE: '2',
      }),
    ).toEqual({ maxFailuresPerAccount: 6, maxFailuresPerIp: 20, windowSeconds: 1800 });
  });
  it('never switches protection off on a bad value', () => {
    expect(
      throttleSettings({
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '0',
        LOGIN_MAX_FAILURES_PER_IP: 'lots',
        LOGIN_RATE_LIMIT_SCALE: '-1',
      }),
    ).toEqual({
      maxFailuresPerAccount: 5,
      maxFailuresPerIp: 20,
      windowSeconds: 900,
    });
    expect(throttleSettings({ LOGIN_RATE_LIMIT_SCALE: '0.01' }).maxFailuresPerAccount).toBe(1);
  });
});

describe('retryMinutes', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(retryMinutes(0)).toBe(1);
    expect(retryMinutes(59)).toBe(1);
    expect(retryMinutes(61)).toBe(2);
    expect(retryMinutes(900)).toBe(15);
  });
});
