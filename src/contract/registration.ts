import type { z } from './zod.ts';

/**
 * Aircraft registration marks (tail numbers), checked as registrations rather than by length.
 *
 * US marks follow 14 CFR 47.15: "N", then a first digit 1-9, then up to four more characters,
 * at most the last two of them letters, and never I or O (they read as 1 and 0): N1, N12345,
 * N1234Z, N734PP. Other countries' marks are a nationality prefix of one to three letters or
 * digits, an optional dash and up to five letters or digits (C-GABC, G-ABCD, D-EABC, VH-ABC,
 * JA1234, 4X-ABC); their own rules are not checked here. N is the United States' prefix alone.
 */

const US_MARK = /^N[1-9](?:\d{0,4}|\d{0,3}[A-HJ-NP-Z]|\d{0,2}[A-HJ-NP-Z]{2})$/;
const OTHER_MARK = /^(?=.*[A-Z])[A-Z0-9]{1,3}-?[A-Z0-9]{1,5}$/;

export const REGISTRATION_EXAMPLES = 'N12345, N734PP or C-GABC';

/** Why `mark` (upper case, trimmed) is not a registration mark, or null when it is one. */
export function registrationProblem(mark: string): string | null {
  if (mark.startsWith('N') ? US_MARK.test(mark) : OTHER_MARK.test(mark)) return null;
  if (mark.startsWith('N')) {
    return `${mark} is not a US N-number: N, a first digit 1-9, then up to four more characters, at most the last two letters and never I or O (e.g. N12345, N734PP)`;
  }
  return `${mark} is not a registration mark: a country prefix, an optional dash and up to five letters or digits (e.g. ${REGISTRATION_EXAMPLES})`;
}

/** The zod check of a tail-number field (upper case by then; null when the field is empty). */
export function refineRegistration(mark: string | null, ctx: z.RefinementCtx): void {
  const problem = mark ? registrationProblem(mark) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}
