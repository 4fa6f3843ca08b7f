import { LOGIN_THROTTLE } from '../../contract/auth.ts';

export interface ThrottleSettings {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

/**
 * The sign-in throttle, from the contract's defaults and optional environment overrides:
 * LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_FAILURE_WINDOW_MINUTES, and
 * LOGIN_RATE_LIMIT_SCALE (multiplies both thresholds, e.g. for a load test from one address).
 * Unreadable values fall back to the defaults rather than switching protection off.
 */
export function throttleSettings(env: Record<string, string | undefined>): ThrottleSettings {
  const scaleRaw = Number(env['LOGIN_RATE_LIMIT_SCALE'] ?? '1');
  const scale = Number.isFinite(scaleRaw) && scaleRaw > 0 ? scaleRaw : 1;
  const account = positiveInt(env['LOGIN_MAX_FAILURES_PER_ACCOUNT'], LOGIN_THROTTLE.maxFailuresPerAccount);
  const ip = positiveInt(env['LOGIN_MAX_FAILURES_PER_IP'], LOGIN_THROTTLE.maxFailuresPerIp);
  const minutes = positiveInt(env['LOGIN_FAILURE_WINDOW_MINUTES'], LOGIN_THROTTLE.windowMinutes);
  return {
    maxFailuresPerAccount: Math.max(1, Math.round(account * scale)),
    maxFailuresPerIp: Math.max(1, Math.round(ip * scale)),
    windowSeconds: minutes * 60,
  };
}

/** Whole minutes to announce for a wait of `seconds` (at least 1: "try again in 0 minutes" helps no one). */
export function retryMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
