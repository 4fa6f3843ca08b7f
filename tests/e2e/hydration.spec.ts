import { expect, test, type Page } from '@playwright/test';

// Every island the server renders and the browser then hydrates (the quote form, the entry screen,
// the console, the reset screen) hydrates without an error: a mismatch between the server's HTML
// and the first render in the browser makes React throw the server's HTML away (a flash, lost
// input) and logs an error nobody sees. Astro removes an island's `ssr` attribute once hydrated.

const PAGES = [
  { path: '/', island: 'QuoteForm', scroll: '#quote' },
  { path: '/login', island: 'EntryApp' },
  { path: '/dashboard', island: 'EntryApp' },
  { path: '/admin', island: 'AdminApp' },
  { path: '/reset-password?token=not-a-real-token', island: 'ResetPasswordApp' },
] as const;

/** Errors the page reported: thrown and uncaught, or logged as errors by React (hydration among them). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // A failed request is logged by the browser itself (a 401 of a signed-out read): not React's.
    if (/Failed to load resource/.test(text)) return;
    errors.push(`console: ${text}`);
  });
  return errors;
}

for (const { path, island, ...rest } of PAGES) {
  test(`${path} hydrates ${island} without an error`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    if ('scroll' in rest) await page.locator(rest.scroll).scrollIntoViewIfNeeded();
    const node = page.locator(`astro-island[component-url*="${island}"]`);
    await expect(node).toHaveCount(1);
    // Hydrated: Astro drops `ssr` when the component has rendered in the browser.
    await expect(node).not.toHaveAttribute('ssr', /.*/);
    await page.waitForLoadState('load');
    expect(errors).toEqual([]);
  });
}
