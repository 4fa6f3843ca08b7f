import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';

// axe is injected as an inline script, which the site's content policy rightly refuses: a spec
// using it sets `test.use({ bypassCSP: true })` (the policy itself: tests/e2e/security.spec.ts).

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: unknown[];
}

/** axe's violations on the page, or inside `scope` (a dialog), by rule, impact and element. */
export async function axeViolations(scope: Page | Locator): Promise<AxeViolation[]> {
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  // Injected once per document: a second run on the same page reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  type Run = (context: Element) => Promise<{
    violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
  }>;
  const run = async (element: Element) => {
    const result = await (window as unknown as { axe: { run: Run } }).axe.run(element);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target),
    }));
  };
  return (scope === page ? page.locator('html') : (scope as Locator)).evaluate(run);
}

/** The violations a user of assistive technology is blocked or badly hindered by. */
export const serious = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
