import { expect, it } from 'vitest';
import { citeBeside, titledItem } from './due-words.ts';

it('names an AD once: its rule beside words that already name it, the whole cite elsewhere', () => {
  const cite = 'AD 2011-10-09, 14 CFR part 39';
  expect(citeBeside('AD 2011-10-09', cite)).toBe('14 CFR part 39');
  expect(citeBeside('AD 2011-10-09 overdue', cite)).toBe('14 CFR part 39');
  expect(titledItem({ title: 'AD 2011-10-09', cite })).toBe(cite);
  // Words that do not name it keep the whole cite; a rule without a comma is left as it is.
  expect(citeBeside('Propeller overhaul', cite)).toBe(cite);
  expect(citeBeside('Annual inspection', '14 CFR 91.409(a)')).toBe('14 CFR 91.409(a)');
});
