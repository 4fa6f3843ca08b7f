import { describe, expect, it } from 'vitest';
import { URGENT_WORDS_0044 } from '../server/db/migrations/0044_one_status_urgent_first.ts';
import { URGENT_WORDS_PATTERN, isUrgentRequest } from './inbox.ts';

describe('the urgent-request rule', () => {
  it('is the words the database marks requests with (a change of words needs a migration)', () => {
    expect(URGENT_WORDS_PATTERN).toBe(URGENT_WORDS_0044);
  });

  it('reads an emergency, an ASAP timeframe and an ASAP message as urgent, whole words only', () => {
    const annual = { serviceType: 'annual', preferredTimeframe: 'flexible' };
    expect(isUrgentRequest({ serviceType: 'repair' }, 'Alternator died on the ramp... need someone today')).toBe(true);
    expect(isUrgentRequest({ serviceType: 'emergency' }, 'Gear would not retract')).toBe(true);
    expect(isUrgentRequest({ serviceType: 'annual', preferredTimeframe: 'asap' }, 'Annual due')).toBe(true);
    expect(isUrgentRequest(annual, 'Please call ASAP')).toBe(true);
    expect(isUrgentRequest(annual, null, 'Aircraft on   the ground at KSQL')).toBe(true);
    expect(isUrgentRequest(annual, 'Annual due next month; some oil seepage.')).toBe(false);
    // Not inside another word.
    expect(isUrgentRequest(annual, 'Todays plan: a wasapi cable and a stuckey clamp')).toBe(false);
  });
});
