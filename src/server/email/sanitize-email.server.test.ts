import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize-email.server.ts';

describe('sanitizeEmailHtml', () => {
  it('removes scripts, handlers and javascript: links but keeps email formatting', () => {
    const out = sanitizeEmailHtml(
      '<h1 style="color: #123456; position: fixed">Hi {{firstName}}</h1><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><a href="https://skyward.example">Book</a>',
    );
    expect(out).toContain('<h1 style="color:#123456">Hi {{firstName}}</h1>');
    expect(out).not.toMatch(/script|onerror|javascript:|position/);
    expect(out).toContain('<a href="https://skyward.example" rel="noopener noreferrer">Book</a>');
  });
});
