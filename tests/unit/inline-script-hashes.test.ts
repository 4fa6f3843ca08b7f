import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/server/http/inline-script-hashes.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes of a page (its Content-Security-Policy)', () => {
  it('hashes executable inline scripts only: not external ones, not JSON-LD', () => {
    const html = `<html><head><script type="module">a()</script><script src="/x.js"></script>
      <script type="application/ld+json">{"a":1}</script></head><body><script>b()</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('b()')].sort());
  });

  it('reads "<script>" inside an attribute value as text, as the browser does', () => {
    // A post titled "Fuel <script> tips" ends up in a data attribute of the blog list.
    const html = `<div data-signature="fuel:Fuel <script> tips|1" data-x='<script>'><script>go()</script></div>`;
    expect(inlineScriptHashes(html)).toEqual([hash('go()')]);
  });

  it('skips scripts inside comments and keeps attributes without quotes or values', () => {
    const html = `<!-- <script>old()</script> --><input disabled value=<b>><script defer>now()</script>`;
    expect(inlineScriptHashes(html)).toEqual([hash('now()')]);
  });
});
