import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';

// The blog as a reader and as the admin see it, on the production-like server with the demo
// database (seeded from content/blog on first run). Other tests may add posts at the same time:
// assertions never depend on an exact total.

// Generous waits: the local emulator starts a fresh worker per API call, seconds each on a busy machine.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 180_000 });

const cards = (page: Page) => page.locator('[data-results] article');

test.describe('blog list', () => {
  test('shows the articles, category chips with counts and numbered pagination', async ({ page }) => {
    await page.goto('/blog');
    await expect(page).toHaveTitle(/Aviation Maintenance Insights/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aviation Maintenance Insights' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
    const chips = page.getByRole('navigation', { name: 'Categories' });
    await expect(chips.getByRole('link', { name: 'All Articles' })).toHaveAttribute('aria-current', 'page');
    await expect(chips.getByRole('link', { name: /^Inspections \(\d+\)$/ })).toBeVisible();
    await expect(cards(page)).toHaveCount(6);

    // Each card: category, reading time, linked title, excerpt, author, date, views, tags.
    const first = cards(page).first();
    await expect(first.getByText(/^\d+ min read$/)).toBeVisible();
    await expect(first.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute(
      'href',
      /^\/blog\/[a-z0-9-]+$/,
    );
    await expect(first.getByText(/\d+ views?$/)).toBeVisible();
    await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    // No JavaScript framework on the list: no React island, no hydration.
    expect(await page.locator('astro-island').count()).toBe(0);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    const firstTitles = await cards(page).locator('h2').allTextContents();
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\/page\/2$/);
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first()).toBeVisible();
    const secondTitles = await cards(page).locator('h2').allTextContents();
    expect(secondTitles.some((t) => firstTitles.includes(t))).toBe(false);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('filters by category with the chips and with the category URL parameter', async ({ page }) => {
    await page.goto('/blog');
    const chips = page.getByRole('navigation', { name: 'Categories' });
    const chip = chips.getByRole('link', { name: /^Inspections \(\d+\)$/ });
    await chip.click();
    await expect(page).toHaveURL(/\/blog\/category\/inspections$/);
    const active = chips.getByRole('link', { name: /^Inspections/ });
    await expect(active).toHaveAttribute('aria-current', 'page');
    // The count and the cards of the same page agree (another browser test may publish an
    // Inspections post meanwhile, so the list page's count read before the click can be older).
    await expect(async () => {
      const count = Number((await active.textContent())!.match(/\((\d+)\)/)![1]);
      expect(await cards(page).count()).toBe(Math.min(count, 6));
    }).toPass();
    const shown = await cards(page).evaluateAll((els) => els.map((el) => el.querySelector('span')?.textContent));
    expect(new Set(shown)).toEqual(new Set(['Inspections']));

    // ?category= presets the filter (rendered from the live API).
    await page.goto('/blog?category=Avionics');
    await expect(
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: /^Avionics/ }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first()).toBeVisible();
    const categories = await cards(page).evaluateAll((els) => els.map((el) => el.querySelector('span')?.textContent));
    expect(new Set(categories)).toEqual(new Set(['Avionics']));
  });

  test('searches, shows the empty state, and View All Articles clears the filters', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('corrosion');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/blog\?search=corrosion$/);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('corrosion');
    await expect(page.getByText(/articles? found for “corrosion”/)).toBeVisible();
    // Ranked: the article about corrosion comes first.
    await expect(cards(page).first().getByRole('heading')).toContainText(/corrosion/i);

    await page.goto('/blog?search=zzzqqqxxx-no-match');
    await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
    await page.getByRole('link', { name: 'View All Articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
  });
});

test.describe('blog article', () => {
  test('opens from the list with breadcrumb, meta, views, tags, related articles and a way back', async ({ page }) => {
    await page.goto('/blog');
    // The oldest card of the first page: a written article, not a short post another browser test
    // just published at the top ("Check the sumps.", no tags, no sections).
    const link = cards(page).last().getByRole('heading').getByRole('link');
    const title = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(crumbs.getByText(title)).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.getByText(/^\d+ min read$/).first()).toBeVisible();
    // The page counts this visit through the API and shows the live total.
    await expect(page.locator('[data-article] [data-views]')).toHaveText(/^[1-9][\d,]* views?$/);
    await expect(page.getByRole('list', { name: 'Tags' })).toBeVisible();
    await expect(page.locator('.blog-prose h2').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Related Articles' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to All Articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a share button opens a 600x400 popup with the page URL', async ({ page, context }) => {
    // No internet here: the share sites answer with a blank page.
    await context.route(/twitter\.com|facebook\.com|linkedin\.com/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>share</title>' }),
    );
    await page.goto('/blog/annual-vs-100-hour-inspections');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Share on X (Twitter)' }).click(),
    ]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.hostname).toBe('twitter.com');
    expect(url.searchParams.get('url')).toBe(new URL('/blog/annual-vs-100-hour-inspections', page.url()).href);
    expect(url.searchParams.get('text')).toContain('Annual vs. 100-Hour Inspections');
    const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    expect(size).toEqual({ width: 600, height: 400 });
    expect(page.url()).toMatch(/\/blog\/annual-vs-100-hour-inspections$/);

    const [fb] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Share on Facebook' }).click(),
    ]);
    expect(fb.url()).toContain('facebook.com/sharer/sharer.php?u=');
    const [li] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Share on LinkedIn' }).click(),
    ]);
    expect(li.url()).toContain('linkedin.com/sharing/share-offsite/?url=');
  });

  test("an unknown article, category or page number answers 404 with the site's 404 page", async ({ page }) => {
    for (const address of ['/blog/category/nope', '/blog/page/99', '/blog/category/inspections/page/99']) {
      const res = await page.goto(address);
      expect(res?.status(), address).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Read the Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    // An unknown article: 'Article Not Found' with 'Back to Blog' (spec, blog article).
    expect((await page.goto('/blog/this-article-does-not-exist'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Article Not Found \|/);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('page 1 of a list moves for good to the list itself', async ({ page }) => {
    for (const [address, list] of [
      ['/blog/page/1', '/blog'],
      ['/blog/category/inspections/page/1', '/blog/category/inspections'],
    ] as const) {
      const res = await page.request.get(address, { maxRedirects: 0 });
      expect(res.status(), address).toBe(301);
      expect(new URL(res.headers()['location']!, 'http://x').pathname).toBe(list);
    }
  });

  test('each list page has one address: the sitemap, the feed and the canonical write the form the links use, the slashed form moves there', async ({
    page,
  }) => {
    const sitemap = await (await page.request.get('/sitemap-blog.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const lists = locs.filter((path) => !/^\/blog\/(?!page\/|category\/)[^/]+$/.test(path));
    expect(lists).toEqual(expect.arrayContaining(['/blog', '/blog/page/2', '/blog/category/inspections']));
    for (const path of locs) expect(path, path).not.toMatch(/\/$/);

    // The feed's own link is the blog's address, as the site's links write it.
    const feed = await (await page.request.get('/rss.xml')).text();
    const channelLink = /<channel>(?:(?!<item>).)*?<link>([^<]+)<\/link>/s.exec(feed)?.[1];
    expect(new URL(channelLink!).pathname).toBe('/blog');

    for (const path of ['/blog', '/blog/page/2', '/blog/category/inspections']) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await res.text())?.[1];
      expect(new URL(canonical!).pathname, path).toBe(path);
      const slashed = await page.request.get(`${path}/`, { maxRedirects: 0 });
      expect(slashed.status(), `${path}/`).toBe(301);
      expect(new URL(slashed.headers()['location']!, 'http://x').pathname).toBe(path);
    }
  });

  test('the feed is announced in the head and linked on the page', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      /\/rss\.xml$/,
    );
    const feed = page.getByRole('link', { name: /RSS feed/ });
    await expect(feed).toBeVisible();
    const rss = await page.request.get((await feed.getAttribute('href'))!);
    expect(rss.headers()['content-type']).toMatch(/xml/);
  });
});

test.describe('blog article on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a wide table scrolls in its own box; the page does not scroll sideways; the article ends with a quote link', async ({
    page,
  }) => {
    await page.goto('/blog/aircraft-corrosion-types-prevention');
    const box = page.locator('.blog-table').first();
    await expect(box).toBeVisible();
    const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const cta = page.getByRole('link', { name: 'Request a free quote' });
    await expect(cta).toHaveAttribute('href', '/#quote');
  });
});

test.describe('blog admin', () => {
  // Generate replaces every post: the admin walks run one after the other.
  test.describe.configure({ mode: 'serial' });
  test('the admin creates a post and its page is served at once, then edits, previews, deletes and restores it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const title = `Magneto Timing Basics ${Date.now()}`;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });

    await signInToConsole(page);
    await page.getByRole('tab', { name: 'Blog Posts' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.getByRole('button', { name: 'New Post' }).click();
    const form = page.getByRole('dialog', { name: 'New Post' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Category').fill('Engine & Powerplant');
    await form.getByRole('button', { name: 'Edit HTML' }).click();
    await form
      .getByLabel('Content (HTML)')
      .fill('<h2>Why timing matters</h2><p>Check magneto timing at every annual.</p><script>alert(1)</script>');
    await form.getByLabel('Tags').fill('magneto, ignition, timing, annual, engine, safety');
    await form.getByLabel('SEO Keywords').fill('magneto timing');
    await form.getByLabel('Published (visible on the blog)').check();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form).toBeHidden();
    const publishedAt = Date.now();

    const row = page.getByRole('article', { name: title });
    await expect(row.getByText('Published', { exact: true })).toBeVisible();
    await expect(row.getByText('+1 more')).toBeVisible();
    const slug = (await row.getByText(/^\/blog\//).textContent())!.replace('/blog/', '');

    // Published means published: the page's own HTML (what a crawler reads) has the title, in
    // the list, the feed and the sitemap, within seconds and without a rebuild.
    const html = await page.request.get(`/blog/${slug}`);
    expect(html.status()).toBe(200);
    expect(await html.text()).toContain(`<title>${title}</title>`);
    expect(Date.now() - publishedAt).toBeLessThan(10_000);
    expect(await (await page.request.get('/blog')).text()).toContain(`/blog/${slug}`);
    // One address per article, the form the site's own links use: the feed and the sitemap
    // write it, the page is canonical to it, and the trailing-slash form is moved there for good.
    expect(await (await page.request.get('/rss.xml')).text()).toContain(`/blog/${slug}</link>`);
    expect(await (await page.request.get('/sitemap-blog.xml')).text()).toContain(`/blog/${slug}</loc>`);
    const slashed = await page.request.get(`/blog/${slug}/`, { maxRedirects: 0 });
    expect(slashed.status()).toBe(301);
    expect(new URL(slashed.headers()['location']!, 'http://x').pathname).toBe(`/blog/${slug}`);

    const readerContext = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
    const reader = await readerContext.newPage();
    await reader.goto(`/blog/${slug}`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByRole('heading', { name: 'Why timing matters' })).toBeVisible();
    await expect(reader).toHaveTitle(title);
    expect(await reader.locator('.blog-prose script').count()).toBe(0);
    expect(new URL((await reader.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(
      `/blog/${slug}`,
    );

    // An edited title reaches the page's <title>.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    await edit.getByLabel('Title').fill(`${title} (revised)`);
    await edit.getByRole('button', { name: 'Update published post' }).click();
    await expect(edit).toBeHidden();
    await reader.reload();
    await expect(reader).toHaveTitle(`${title} (revised)`);

    // Unpublished: a 404 for readers, the admin's preview still shows the draft.
    const revised = page.getByRole('article', { name: `${title} (revised)` });
    await revised.getByRole('button', { name: /^Edit/ }).click();
    await edit.getByLabel('Published (visible on the blog)').uncheck();
    await edit.getByRole('button', { name: 'Unpublish and save draft' }).click();
    await expect(edit).toBeHidden();
    await expect(revised.getByText('Draft', { exact: true })).toBeVisible();
    const [preview] = await Promise.all([
      page.waitForEvent('popup'),
      revised.getByRole('link', { name: /^Preview/ }).click(),
    ]);
    await expect(preview.getByText('Draft preview')).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1, name: `${title} (revised)` })).toBeVisible();
    expect((await reader.reload())?.status()).toBe(404);
    await expect(reader.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();

    // Delete names the post in an in-app dialog, and the post goes to the trash.
    await revised.getByRole('button', { name: /^Delete/ }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: `Delete “${title} (revised)”?` });
    await expect(confirmDelete.getByText(/restore it for 30 days/)).toBeVisible();
    await confirmDelete.getByRole('button', { name: 'Delete post' }).click();
    await expect(revised).toBeHidden();
    await page.getByRole('button', { name: 'Trash', exact: true }).click();
    const trash = page.getByRole('list', { name: 'Trash' });
    await trash.getByRole('button', { name: `Restore ${title} (revised)` }).click();
    await expect(revised).toBeVisible();
    expect(dialogs).toEqual([]);
    await readerContext.close();
  });

  test('Generate says what it replaces, and restore brings a hand-written post back', async ({ page }) => {
    test.setTimeout(300_000);
    const title = `Hand Written Note ${Date.now()}`;
    await signInToConsole(page);
    await page.getByRole('tab', { name: 'Blog Posts' }).click();
    await page.getByRole('button', { name: 'New Post' }).click();
    const form = page.getByRole('dialog', { name: 'New Post' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Category').fill('Ownership');
    await form.getByRole('button', { name: 'Edit HTML' }).click();
    await form.getByLabel('Content (HTML)').fill('<p>Written by hand.</p>');
    await form.getByLabel('Published (visible on the blog)').check();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form).toBeHidden();
    const slug = (await page
      .getByRole('article', { name: title })
      .getByText(/^\/blog\//)
      .textContent())!.replace('/blog/', '');

    await page.getByRole('button', { name: 'Generate Professional Content' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Replace every post with the professional library?' });
    await expect(confirm.getByText(/\d+ posts will be replaced, \d+ of them written or edited by hand/)).toBeVisible();
    await expect(confirm.getByText(/restore them for 30 days/)).toBeVisible();
    await confirm.getByRole('button', { name: /^Replace \d+ posts$/ }).click();
    await expect(page.getByText(/^Generated \d+ professional articles$/)).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toBeHidden();
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    await page.getByRole('button', { name: 'Trash', exact: true }).click();
    await page
      .getByRole('list', { name: 'Trash' })
      .getByRole('button', { name: `Restore ${title}` })
      .click();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    const back = await page.request.get(`/blog/${slug}`);
    expect(back.status()).toBe(200);
    expect(await back.text()).toContain(`<title>${title}</title>`);
  });

  test('the editor asks before dropping typed text, flags images that do not load, and keeps a title as typed', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const title = `Fuel <script> tips ${Date.now()}`;
    await signInToConsole(page);
    await page.getByRole('tab', { name: 'Blog Posts' }).click();
    await page.getByRole('button', { name: 'New Post' }).click();
    const form = page.getByRole('dialog', { name: 'New Post' });
    await form.getByLabel('Title').fill(title);
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByLabel('Title')).toHaveValue(title);

    await form.getByLabel('Category').fill('Fuel');
    await form.getByRole('button', { name: 'Edit HTML' }).click();
    await form.getByLabel('Content (HTML)').fill('<p>Check the sumps.</p><img src="/no-such-image.png" alt="Sump">');
    await form.getByLabel('Published (visible on the blog)').check();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByRole('alert')).toContainText('This image does not load');
    await expect(form.getByRole('alert')).toContainText('/no-such-image.png');
    await form.getByRole('button', { name: 'Save anyway' }).click();
    await expect(form).toBeHidden();

    // The title is shown as typed, as text.
    const row = page.getByRole('article', { name: title });
    await expect(row.getByRole('heading', { name: title })).toBeVisible();
    const slug = (await row.getByText(/^\/blog\//).textContent())!.replace('/blog/', '');
    const html = await (await page.request.get(`/blog/${slug}`)).text();
    expect(html).toContain(`<title>Fuel &lt;script&gt; tips`);
  });

  test("an author typed in the editor is the article's byline, its structured data's author and the feed's dc:creator; without one the business signs", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    await signInToConsole(page);
    await page.getByRole('tab', { name: 'Blog Posts' }).click();

    const write = async (title: string, author: string) => {
      await page.getByRole('button', { name: 'New Post' }).click();
      const form = page.getByRole('dialog', { name: 'New Post' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Category').fill('Maintenance Tips');
      if (author) await form.getByLabel('Author').fill(author);
      await form.getByRole('button', { name: 'Edit HTML' }).click();
      await form.getByLabel('Content (HTML)').fill('<p>Safety wire every turnbuckle.</p>');
      await form.getByLabel('Published (visible on the blog)').check();
      await form.getByRole('button', { name: 'Publish' }).click();
      await expect(form).toBeHidden();
      const row = page.getByRole('article', { name: title });
      return (await row.getByText(/^\/blog\//).textContent())!.replace('/blog/', '');
    };

    // Too long: the form says so, with the schema's words, before anything is sent.
    await page.getByRole('button', { name: 'New Post' }).click();
    const form = page.getByRole('dialog', { name: 'New Post' });
    await form.getByLabel('Author').evaluate((el: HTMLInputElement) => el.removeAttribute('maxlength'));
    await form.getByLabel('Author').fill('x'.repeat(121));
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText('Author must be at most 120 characters')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(form).toBeHidden();

    const signed = `Turnbuckle Safety Wire ${stamp}`;
    const signedSlug = await write(signed, 'Dana Ortiz, A&P/IA');
    const unsigned = `Turnbuckle Inspection ${stamp}`;
    const unsignedSlug = await write(unsigned, '');

    await page.goto(`/blog/${signedSlug}`);
    const header = page.locator('article header');
    await expect(header.getByText('Dana Ortiz, A&P/IA', { exact: true })).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld[0].author).toEqual({ '@type': 'Person', name: 'Dana Ortiz, A&P/IA' });

    await page.goto(`/blog/${unsignedSlug}`);
    await expect(header.getByText('Skyward Mobile Aviation', { exact: true })).toBeVisible();
    const unsignedLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(unsignedLd[0].author).toMatchObject({ '@type': 'Organization', name: 'Skyward Mobile Aviation' });

    const feed = await (await page.request.get('/rss.xml')).text();
    const item = (title: string) =>
      new RegExp(`<item><title>${title}</title>(?:(?!</item>).)*</item>`, 's').exec(feed)?.[0];
    expect(item(signed)).toContain('<dc:creator>Dana Ortiz, A&amp;P/IA</dc:creator>');
    expect(item(unsigned)).toBeDefined();
    expect(item(unsigned)).not.toContain('dc:creator');
  });
});
