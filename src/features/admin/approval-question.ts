import type { AirmenMatch } from '../../contract/airmen-file.ts';

/**
 * What the console asks before approving a mechanic the FAA airmen file did not confirm
 *: approving one is then a decision, not one click. Null: no question (an
 * exact match). A mechanic not checked yet is asked about too: nothing confirmed the certificate.
 */
export function approvalQuestion(match: AirmenMatch | null): string | null {
  if (!match)
    return 'This mechanic has not been checked against the FAA airmen file yet (import this month’s file to check). Nothing confirms the certificate: approve only if you verified it yourself.';
  if (match.verdict === 'none')
    return 'The FAA airmen file has no mechanic of this name with airframe and powerplant ratings. Approve only if you verified the certificate yourself (the file is monthly: a new certificate may not be in it yet).';
  if (match.verdict === 'several')
    return `The FAA airmen file has ${match.candidates} people of this name in that state: the match is not certain. Approve only if you verified the certificate number yourself.`;
  return null;
}
