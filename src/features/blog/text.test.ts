import { describe, expect, it } from 'vitest';
import {
  cardExcerpt,
  decodeEntities,
  excerptFallback,
  htmlToText,
  initials,
  metaFor,
  readingTimeMinutes,
  truncateAtWord,
} from './text.ts';

describe('htmlToText', () => {
  it('strips tags, drops script and style content, decodes entities', () => {
    expect(htmlToText('<h2>Hi</h2><p>Fuel &amp; oil<br>checks</p><script>alert(1)</script><style>p{}</style>')).toBe(
      'Hi Fuel & oil checks',
    );
    expect(decodeEntities('&lt;b&gt; &#8217; &#x2014; &bogus;')).toBe('<b> ’ — &bogus;');
  });
});

describe('readingTimeMinutes', () => {
  it('is words / 225 rounded up, at least 1', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes(`<p>${'word '.repeat(225)}</p>`)).toBe(1);
    expect(readingTimeMinutes(`<p>${'word '.repeat(226)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<p>${'word '.repeat(900)}</p><p>tail</p>`)).toBe(5);
  });
});

describe('excerpts', () => {
  it('falls back to the first 150 characters of text plus an ellipsis', () => {
    const content = `<p>${'a'.repeat(100)} <strong>${'b'.repeat(100)}</strong></p>`;
    const out = excerptFallback(content);
    expect(out).toBe(`${'a'.repeat(100)} ${'b'.repeat(49)}...`);
    expect(excerptFallback('<p>Short</p>')).toBe('Short');
    expect(excerptFallback(content, 120)).toHaveLength(123);
  });

  it('prefers the excerpt when there is one', () => {
    expect(cardExcerpt({ excerpt: ' Typed ', content: '<p>Body</p>' })).toBe('Typed');
    expect(cardExcerpt({ excerpt: '', content: '<p>Body</p>' })).toBe('Body');
  });
});

describe('metaFor', () => {
  it('generates empty meta fields and keeps typed ones', () => {
    expect(metaFor({ title: 'T', excerpt: 'E', content: '<p>C</p>' })).toEqual({
      metaTitle: 'T',
      metaDescription: 'E',
    });
    expect(metaFor({ title: 'T', excerpt: '', content: '<p>C</p>', metaTitle: 'MT', metaDescription: 'MD' })).toEqual({
      metaTitle: 'MT',
      metaDescription: 'MD',
    });
    const long = metaFor({ title: 'T', excerpt: '', content: `<p>${'word '.repeat(100)}</p>` }).metaDescription;
    expect(long.length).toBeLessThanOrEqual(155);
    expect(long.endsWith('...')).toBe(true);
  });

  it('truncates at a word boundary', () => {
    expect(truncateAtWord('one two three four', 12)).toBe('one two...');
    expect(truncateAtWord('short', 12)).toBe('short');
  });
});

describe('initials', () => {
  it('takes first and last name, ignoring credentials after a comma', () => {
    expect(initials('Mike Reynolds, A&P/IA')).toBe('MR');
    expect(initials('Sarah Jane Chen')).toBe('SC');
    expect(initials('admin')).toBe('A');
    expect(initials('')).toBe('?');
  });
});
