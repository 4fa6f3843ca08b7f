import { describe, expect, it } from 'vitest';
import { maskContacts } from './contact-mask.ts';
import { EVASIONS, ORDINARY } from './contact-mask.corpus.ts';

// Contact details before acceptance (docs/decisions/0351): the evasions must not reach the reader,
// ordinary aviation text must pass unchanged. The rates are printed with the corpora's sizes.

const caught = EVASIONS.filter((e) => !maskContacts(e.text).text.includes(e.secret));
const falsePositives = ORDINARY.filter((t) => maskContacts(t).masked);

describe('the masking corpora', () => {
  it('holds at least 100 evasions and 100 ordinary messages', () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(100);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(100);
    console.info(
      `contact masking: caught ${caught.length}/${EVASIONS.length} evasions (${((100 * caught.length) / EVASIONS.length).toFixed(1)}%), ` +
        `false positives ${falsePositives.length}/${ORDINARY.length} (${((100 * falsePositives.length) / ORDINARY.length).toFixed(1)}%)`,
    );
  });

  it('hides every evasion', () => {
    const missed = EVASIONS.filter((e) => maskContacts(e.text).text.includes(e.secret)).map(
      (e) => `${e.text} -> ${maskContacts(e.text).text}`,
    );
    expect(missed).toEqual([]);
  });

  it('never masks ordinary aviation text', () => {
    expect(falsePositives.map((t) => `${t} -> ${maskContacts(t).text}`)).toEqual([]);
  });
});

describe('maskContacts keeps the words around a hidden part', () => {
  it.each([
    ['call me at 650-555-0199 or email john.doe@gmail.com', 'call me at [phone hidden] or email [email hidden]'],
    ['Call me at 415-555-0142', 'Call me at [phone hidden]'],
    ['my number is (415) 555 0142.', 'my number is [phone hidden].'],
    ['Reach the shop: 415.555.0142', 'Reach the shop: [phone hidden]'],
    ['+1 415 555 0142 anytime', '[phone hidden] anytime'],
    ['555-0142 after five', '[phone hidden] after five'],
    ['olive.owner+planes@example.co.uk has the logbook', '[email hidden] has the logbook'],
    ['olive (at) example (dot) com', '[email hidden]'],
    ['olive at example dot com', '[email hidden]'],
    ['four one five five five five zero one four two', '[phone hidden]'],
    ['john.doe＠gmail．com, or t.me/johndoe', '[email hidden], or [link hidden]'],
    ['text me 65O-555-Ol99 tonight', 'text me [phone hidden] tonight'],
    ['insta: john_doe or @jdoe99', 'insta: [handle hidden] or [handle hidden]'],
  ])('%s', (input, expected) => {
    expect(maskContacts(input)).toEqual({ text: expected, masked: true });
  });
});
