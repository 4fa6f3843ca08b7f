import { describe, expect, it } from 'vitest';
import { articleImage } from './og-image.ts';

describe("an article's picture for shared links", () => {
  it('is the first photo uploaded into the post, with its alt text', () => {
    const html =
      '<p>Intro</p><img src="https://example.com/x.png" alt="elsewhere">' +
      '<figure><img alt="Cowling off &amp; &quot;open&quot;" src="/api/blog/images/abc.webp" width="800"></figure>' +
      '<img src="/api/blog/images/second.webp" alt="second">';
    expect(articleImage(html)).toEqual({ path: '/api/blog/images/abc.webp', alt: 'Cowling off & "open"' });
  });

  it('is none without an uploaded photo', () => {
    expect(articleImage('<p>No pictures</p><img src="https://example.com/x.png" alt="x">')).toBeNull();
  });
});
