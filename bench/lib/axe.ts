import { chromium } from '@playwright/test';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';

/** axe-core's violations (rule ids with counts) for each page, in the system Chromium. */
export async function runAxe(
  origin: string,
  paths: string[],
  executablePath: string,
): Promise<Record<string, string[]>> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const out: Record<string, string[]> = {};
  try {
    for (const p of paths) {
      // axe is injected as an inline script, which the site's content policy rightly refuses.
      const page = await browser.newPage({ bypassCSP: true });
      await page.goto(origin + p, { waitUntil: 'networkidle' });
      await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
      const violations = await page.evaluate(async () => {
        // @ts-expect-error axe is injected above
        const result = await window.axe.run(document, { resultTypes: ['violations'] });
        return (result.violations as { id: string; nodes: unknown[] }[]).map((v) => `${v.id} (${v.nodes.length})`);
      });
      out[p] = violations;
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
