import { describe, expect, it } from 'vitest';
import { plainText, sanitizeArticleHtml } from './sanitize.server.ts';

describe('sanitizeArticleHtml', () => {
  it('removes scripts, event handlers, javascript: URLs, styles and frames', () => {
    const out = sanitizeArticleHtml(
      '<h1>Title</h1><p onclick="x()" style="color:red">Hi <a href="javascript:alert(1)">bad</a> <a href="https://faa.gov" target="_blank">FAA</a></p>' +
        '<img src=x onerror="alert(1)"><script>alert(2)</script><iframe src="https://evil"></iframe><style>*{}</style>' +
        '<a href="JaVaScRiPt:alert(3)">x</a><a href="data:text/html,hi">d</a><svg onload=alert(4)></svg>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|onload|javascript:|style|iframe|data:|svg/i);
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<a href="https://faa.gov" target="_blank" rel="noopener noreferrer">FAA</a>');
    expect(out).toContain('<a>bad</a>');
  });

  it('keeps the article formatting', () => {
    const html =
      '<h2>A</h2><p><strong>b</strong> <em>c</em></p><ul><li>d</li></ul><table><thead><tr><th scope="col">e</th></tr></thead></table><blockquote>f</blockquote>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });
});

describe('plainText', () => {
  it('keeps text only and reads entities back', () => {
    expect(plainText('Fuel <b>&amp;</b> Oil<script>alert(1)</script>')).toBe('Fuel & Oil');
    expect(plainText('&lt;img src=x onerror=alert(1)&gt; Tips')).toBe('Tips');
    expect(plainText('Cost < $500 & more')).toBe('Cost < $500 & more');
  });
});
