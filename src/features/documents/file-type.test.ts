import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../contract/documents.ts';
import {
  checkContent,
  checkFile,
  checkName,
  checkSize,
  cleanFileName,
  extensionOf,
  isPlainText,
  sniff,
} from './file-type.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

const PDF = bytes('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const PE = bytes([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
const ELF = bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]);
const TEXT = bytes('Oil change at 1,234.5 h.\r\nNext due:\t50 h\fPage 2 — ✈️\n');

describe('sniff', () => {
  it('recognises each allowed kind by its magic bytes', () => {
    expect(sniff(PDF)).toBe('pdf');
    expect(sniff(PNG)).toBe('png');
    expect(sniff(JPEG)).toBe('jpeg');
    expect(sniff(TEXT)).toBe('text');
  });

  it('recognises executables (Windows MZ, Linux ELF, Mach-O)', () => {
    expect(sniff(PE)).toBe('executable');
    expect(sniff(ELF)).toBe('executable');
    expect(sniff(bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]))).toBe('executable');
  });

  it('still calls a note that starts with "MZ" text', () => {
    expect(sniff(bytes('MZ-2 parts list'))).toBe('text');
  });

  it('calls random binary unknown', () => {
    expect(sniff(bytes([0x00, 0x01, 0x02, 0xfe]))).toBe('unknown');
  });
});

describe('isPlainText', () => {
  it('accepts UTF-8 with tabs, line breaks and form feeds', () => {
    expect(isPlainText(TEXT)).toBe(true);
    expect(isPlainText(bytes([0xef, 0xbb, 0xbf], 'with a BOM'))).toBe(true);
  });

  it('refuses NUL, other control bytes and DEL', () => {
    expect(isPlainText(bytes('abc', [0], 'def'))).toBe(false);
    expect(isPlainText(bytes('bell', [7]))).toBe(false);
    expect(isPlainText(bytes('escape', [0x1b], '[0m'))).toBe(false);
    expect(isPlainText(bytes('del', [0x7f]))).toBe(false);
  });

  it('refuses invalid UTF-8 (Latin-1 bytes, overlong forms, a cut character at the end)', () => {
    expect(isPlainText(bytes('caf', [0xe9]))).toBe(false);
    expect(isPlainText(bytes([0xc0, 0xaf]))).toBe(false);
    expect(isPlainText(bytes('✈').slice(0, 2))).toBe(false);
  });

  it('lets the head of a file end inside a character', () => {
    expect(isPlainText(bytes('ok ✈').slice(0, 5), false)).toBe(true);
  });
});

describe('names', () => {
  it('reads the extension case-insensitively, from the last path segment', () => {
    expect(extensionOf('Annual.Inspection.PDF')).toBe('pdf');
    expect(extensionOf('C:\\fakepath\\photo.JPeG')).toBe('jpeg');
    expect(extensionOf('README')).toBeNull();
    expect(extensionOf('.bashrc')).toBeNull();
    expect(extensionOf('trailing.')).toBeNull();
  });

  it('keeps a clean name: last segment, no control characters, at most 255 characters', () => {
    expect(cleanFileName('C:\\fakepath\\log\u0000book.pdf')).toBe('logbook.pdf');
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    const long = cleanFileName(`${'a'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('allows pdf, jpg, jpeg, png and txt only', () => {
    for (const name of ['a.pdf', 'a.jpg', 'a.jpeg', 'a.png', 'a.txt', 'A.PNG']) expect(checkName(name)).toBeNull();
    for (const name of ['a.exe', 'a.docx', 'a.gif', 'a', 'a.pdf.exe']) expect(checkName(name)?.status).toBe(415);
    expect(checkName('setup.exe')?.detail).toBe('Only PDF, JPG, JPEG, PNG or TXT files can be uploaded (not .exe)');
  });
});

describe('checkSize', () => {
  it('refuses an empty file and one over 10 MB; 10 MB exactly is fine', () => {
    expect(checkSize(0)).toEqual({ status: 400, detail: 'The file is empty' });
    expect(checkSize(MAX_DOCUMENT_BYTES + 1)).toEqual({ status: 413, detail: 'Files can be at most 10 MB' });
    expect(checkSize(MAX_DOCUMENT_BYTES)).toBeNull();
    expect(checkSize(1)).toBeNull();
  });
});

describe('checkFile', () => {
  it('accepts matching name and content, with the content type taken from the content', () => {
    expect(checkFile('logbook.pdf', PDF)).toEqual({
      ok: true,
      kind: 'pdf',
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    expect(checkFile('photo.jpg', JPEG)).toMatchObject({ ok: true, contentType: 'image/jpeg' });
    expect(checkFile('photo.JPEG', JPEG)).toMatchObject({ ok: true, contentType: 'image/jpeg' });
    expect(checkFile('scan.png', PNG)).toMatchObject({ ok: true, contentType: 'image/png' });
    expect(checkFile('notes.txt', TEXT)).toMatchObject({ ok: true, contentType: 'text/plain; charset=utf-8' });
  });

  it('refuses a renamed executable whatever name it wears', () => {
    for (const name of ['invoice.pdf', 'notes.txt', 'photo.jpg']) {
      const result = checkFile(name, PE);
      expect(result).toMatchObject({ ok: false, status: 415 });
      if (!result.ok) expect(result.detail).toMatch(/PDF, JPG, JPEG, PNG or TXT/);
    }
    expect(checkFile('kernel.png', ELF)).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses a fake PDF (text named .pdf) and a real PDF named .exe', () => {
    const fake = checkFile('invoice.pdf', bytes('just some text'));
    expect(fake).toMatchObject({ ok: false, status: 415 });
    if (!fake.ok) expect(fake.detail).toContain('does not match its .pdf name (it is plain text)');
    expect(checkFile('invoice.exe', PDF)).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses content of another allowed kind (a PNG named .jpg)', () => {
    const result = checkFile('photo.jpg', PNG);
    expect(result).toMatchObject({ ok: false, status: 415 });
    if (!result.ok) expect(result.detail).toContain('it is a PNG image');
  });

  it('checks size before content', () => {
    expect(checkFile('empty.pdf', new Uint8Array())).toMatchObject({
      ok: false,
      status: 400,
      detail: 'The file is empty',
    });
    expect(checkFile('big.pdf', new Uint8Array(MAX_DOCUMENT_BYTES + 1))).toMatchObject({ ok: false, status: 413 });
  });
});

describe('checkContent on a head', () => {
  it('judges a binary file by its first bytes', () => {
    expect(checkContent('a.pdf', PDF.slice(0, 8), false)).toMatchObject({ ok: true });
    expect(checkContent('a.pdf', PE.slice(0, 8), false)).toMatchObject({ ok: false, status: 415 });
  });
});
