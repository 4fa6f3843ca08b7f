import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, slugify, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  it('makes a readable lowercase slug', () => {
    expect(slugify('Annual vs. 100-Hour Inspections: What Every Owner Needs to Know')).toBe(
      'annual-vs-100-hour-inspections-what-every-owner-needs-to-know',
    );
    expect(slugify("Owner's Guide to Corrosion")).toBe('owners-guide-to-corrosion');
    expect(slugify('Regulations & Compliance')).toBe('regulations-and-compliance');
    expect(slugify('  Café Über  Avionics  ')).toBe('cafe-uber-avionics');
  });

  it('is never empty and never too long', () => {
    expect(slugify('!!!')).toBe('post');
    const long = slugify('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(long.endsWith('-')).toBe(false);
  });
});

describe('uniqueSlug', () => {
  it('numbers repeats from 2 and skips reserved route names', () => {
    expect(uniqueSlug('annual', [])).toBe('annual');
    expect(uniqueSlug('annual', ['annual'])).toBe('annual-2');
    expect(uniqueSlug('annual', ['annual', 'annual-2', 'annual-3'])).toBe('annual-4');
    expect(uniqueSlug('page', [])).toBe('page-2');
    expect(uniqueSlug('category', ['category-2'])).toBe('category-3');
  });
});
