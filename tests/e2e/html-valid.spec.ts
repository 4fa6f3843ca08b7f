import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Every kind of public page, as served, through the Nu Html Checker (the engine of the W3C
// validator, `vnu-jar` from npm, run on the machine's Java): 0 errors. Search engines and
// assistive technology read the served HTML; a stray tag after </html> or a duplicate id is
// invisible in a browser and visible to them.

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;
const run = promisify(execFile);

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('every page kind is valid HTML (Nu Html Checker: 0 errors)', async ({ request }) => {
  test.setTimeout(120_000);
  const blog = await (await request.get('/blog')).text();
  const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog.replace(/href="\/blog\/(page|category)\/[^"]*"/g, ''))?.[1];
  const category = /href="(\/blog\/category\/[^"]+)"/.exec(blog)?.[1];
  expect(article, 'an article link on /blog').toBeTruthy();
  expect(category, 'a category link on /blog').toBeTruthy();

  const pages = [
    '/',
    '/blog',
    article!,
    category!,
    '/login',
    '/dashboard',
    '/admin',
    '/reset-password',
    '/no-such-page',
  ];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'html-valid-'));
  try {
    const files: string[] = [];
    for (const [i, url] of pages.entries()) {
      const res = await request.get(url);
      expect(res.headers()['content-type'], url).toContain('text/html');
      const file = path.join(dir, `${i}-${url.replace(/[^a-z0-9]+/gi, '_') || 'home'}.html`);
      writeFileSync(file, await res.text());
      files.push(file);
    }
    // vnu writes its JSON report to stderr and exits 1 when it found errors.
    const { stderr } = await run(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) =>
        `${pages[Number(path.basename(m.url.replace(/^file:/, '')).split('-')[0])]}:${m.lastLine ?? '?'} ${m.message} ${m.extract ?? ''}`.trim(),
      );
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
