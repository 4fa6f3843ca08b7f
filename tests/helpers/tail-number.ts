/**
 * A US registration unique enough for one test run: N, a digit 1-9 (an N-number never starts with
 * 0, and the server refuses one that does), digits from the stamp, and the test's one or two
 * letters, five characters after the N at most (`src/contract/registration.ts`).
 */
export function tailNumber(stamp: string, letters: string): string {
  if (!/^[A-HJ-NP-Z]{1,2}$/.test(letters)) throw new Error(`an N-number ends in one or two letters, not ${letters}`);
  const digits = stamp.replace(/\D/g, '').padStart(4, '0');
  const rest = 4 - letters.length; // digits after the first
  return `N${1 + (Number(digits.slice(-rest - 1, -rest)) % 9)}${digits.slice(-rest)}${letters}`;
}
