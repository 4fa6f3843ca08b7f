const DOTS = '••••••••';

/**
 * What a list shows of a secret: enough to recognise it, never enough to use it. Long keys keep
 * their first and last 4 characters (`sk_l••••••••1234`), shorter ones only the last 2, and
 * anything under 8 characters is all dots: showing 8 of 10 characters would be most of the key.
 */
export function maskSecret(secret: string): string {
  const s = secret.trim();
  if (s.length >= 16) return `${s.slice(0, 4)}${DOTS}${s.slice(-4)}`;
  if (s.length >= 8) return `${DOTS}${s.slice(-2)}`;
  return DOTS;
}
