import { describe, expect, it } from 'vitest';
import { asciiFallback, attachmentDisposition, encodeRfc8187 } from './disposition.ts';

describe('attachmentDisposition', () => {
  it('is a plain quoted filename for a plain ASCII name', () => {
    expect(attachmentDisposition('annual-2026.pdf')).toBe('attachment; filename="annual-2026.pdf"');
    expect(attachmentDisposition('Annual inspection (2026).pdf')).toBe(
      'attachment; filename="Annual inspection (2026).pdf"',
    );
  });

  it('adds filename* in UTF-8 for other names, with an ASCII fallback', () => {
    expect(attachmentDisposition('Révision moteur ✈.pdf')).toBe(
      `attachment; filename="Revision moteur _.pdf"; filename*=UTF-8''R%C3%A9vision%20moteur%20%E2%9C%88.pdf`,
    );
  });

  it('never lets quotes, backslashes or line breaks through as they are', () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x=1.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_b_c  Set-Cookie: x=1.txt"; filename*=UTF-8\'\'')).toBe(true);
    expect(header).toContain('a%22b%5Cc%20%20Set-Cookie%3A%20x%3D1.txt');
  });

  it('falls back to "download" for an empty name', () => {
    expect(attachmentDisposition('')).toBe('attachment; filename="download"');
    expect(asciiFallback('✈✈')).toBe('__');
  });

  it('percent-encodes everything outside attr-char', () => {
    expect(encodeRfc8187("it's (a) *test*.txt")).toBe('it%27s%20%28a%29%20%2Atest%2A.txt');
  });
});
