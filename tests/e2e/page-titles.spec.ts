import { expect, test } from '@playwright/test';

// One title pattern across the site: an article's <title> is its meta title alone (for the
// library's articles, their title); every other page is "<page> | Skyward Mobile Aviation",
// the business's name once, at the end, after the one separator.

const titleOf = (html: string) =>
  (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&').replace(/&#39;/g, "'");

test('every page but an article is "<page> | Skyward Mobile Aviation"; an article is its title alone', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/login',
    '/dashboard',
    '/admin',
    '/reset-password',
    '/blog',
    '/blog/page/2',
    '/blog/category/inspections',
    '/blog/nothing-here-at-all',
    '/no-such-page',
  ]) {
    const title = titleOf(await (await page.request.get(path)).text());
    expect(title, path).toMatch(/^[^|]+ \| Skyward Mobile Aviation$/);
  }

  // The feed's own title follows the same pattern.
  const feed = await (await page.request.get('/rss.xml')).text();
  expect(/<channel><title>([^<]*)<\/title>/.exec(feed)?.[1]).toBe(
    'Aviation Maintenance Insights | Skyward Mobile Aviation',
  );

  // A library article (as Generate writes them): its <title> is its title, as its heading says it.
  await page.goto('/blog/annual-vs-100-hour-inspections');
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(page).toHaveTitle(heading);
  expect(heading).not.toContain('Skyward');
});
