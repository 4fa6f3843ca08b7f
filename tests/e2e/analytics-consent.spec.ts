import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { POPUP_STORAGE } from '../../src/contract/popup.ts';
import { demoAdminPassword, signInToConsole } from '../helpers/e2e-admin.ts';

// Google Analytics, where an ID is set, loads on the public pages with the
// consent a visitor gives, and the policy allows it (docs/decisions/0275). The tag host is the
// local stand-in `npm start` runs (scripts/lib/gtag-standin.ts), which records every request.
// @global-setting: the ID changes every public page, so this runs after the other tests, alone.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Hit {
  path: string;
  query: Record<string, string>;
}

async function siteAnalytics(request: APIRequestContext) {
  const res = await request.get('/api/site/settings');
  return ((await res.json()) as { data: { analytics: { measurement_id: string; script_origin: string } | null } }).data
    .analytics;
}

async function hits(request: APIRequestContext, origin: string): Promise<Hit[]> {
  return (await (await request.get(`${origin}/__hits`)).json()) as Hit[];
}

async function openApiKeys(page: Page) {
  await signInToConsole(page);
  await page.getByRole('button', { name: 'System Config' }).click();
  await page.getByRole('tab', { name: 'API Keys' }).click();
}

/** A visitor's own browser at 390 px; the discount popup is marked closed so it stays out of the way. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((key) => sessionStorage.setItem(key, 'true'), POPUP_STORAGE.shown);
  const page = await context.newPage();
  // Layout shifts, from the first paint on (the banner must move nothing).
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { context, page };
}

const decided = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-analytics-consent', /^(off|unasked|granted|denied)$/);

const MEASUREMENT_ID = 'G-SKYWARD01';

test(
  'Google Analytics: no banner without an ID; with one, nothing from Google before consent or after a decline, the tag and a page_view after Accept',
  { tag: '@global-setting' },
  async ({ page, browser, request }) => {
    // No ID: no banner, no "Cookie settings", a strict policy.
    expect(await siteAnalytics(request)).toBeNull();
    const before = await visitor(browser);
    const home = await before.page.goto('/');
    await expect(before.page.locator('html')).toHaveAttribute('data-analytics-consent', 'off');
    await expect(before.page.getByRole('region', { name: 'Analytics cookies' })).toBeHidden();
    await expect(before.page.getByRole('button', { name: 'Cookie settings' })).toBeHidden();
    expect(home?.headers()['content-security-policy']).not.toMatch(/googletagmanager|127\.0\.0\.1/);
    await before.context.close();

    // The administrator sets the ID in API Keys; a wrong one is refused with the schema's message.
    await openApiKeys(page);
    await expect(
      page.getByTestId('integration-use').filter({ hasText: 'after a visitor accepts analytics cookies' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add API Key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New API Key' });
    await dialog.getByLabel('Integration Type *').selectOption({ label: 'Google Analytics' });
    await dialog.getByLabel('Key Name *').fill('Website stream');
    // An ID is not an API key: no quota, no expiry to set.
    await expect(dialog.getByLabel('Daily Limit')).toHaveCount(0);
    await expect(dialog.getByLabel('Expires On')).toHaveCount(0);
    await dialog.getByLabel('Measurement ID *').fill('UA-1234-1');
    await dialog.getByRole('button', { name: 'Add API Key' }).click();
    await expect(dialog).toContainText('Measurement ID must look like G-XXXXXXX');
    await dialog.getByLabel('Measurement ID *').fill(MEASUREMENT_ID.toLowerCase());
    await dialog.getByRole('button', { name: 'Add API Key' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Website stream' });
    await expect(row).toBeVisible();
    // Public in every page's tag, so shown as it is, not masked.
    await expect(row).toContainText(MEASUREMENT_ID);

    try {
      const analytics = await siteAnalytics(request);
      expect(analytics?.measurement_id).toBe(MEASUREMENT_ID);
      const origin = analytics!.script_origin;
      expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await request.post(`${origin}/__reset`);

      // A new visitor on a phone: the banner asks; the policy names the tag host; nothing requested yet.
      const { context, page: site } = await visitor(browser);
      const first = await site.goto('/');
      const csp = first?.headers()['content-security-policy'] ?? '';
      for (const directive of ['script-src', 'connect-src', 'img-src'])
        expect(csp).toMatch(new RegExp(`${directive} [^;]*${origin.replace(/[.:/]/g, '\\$&')}`));
      const banner = site.getByRole('region', { name: 'Analytics cookies' });
      await expect(banner).toBeVisible();
      await expect(site.locator('html')).toHaveAttribute('data-analytics-consent', 'unasked');
      expect(await hits(request, origin)).toEqual([]);
      // It moved nothing on the page, and the quote form's submit can be scrolled above it.
      expect(await site.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(0.01);
      const submit = site.getByRole('button', { name: 'Send Message & Get Quote' });
      await submit.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
      const [submitBox, bannerBox] = [await submit.boundingBox(), await banner.boundingBox()];
      expect(submitBox!.y + submitBox!.height).toBeLessThanOrEqual(bannerBox!.y + 1);
      expect(await site.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Decline, with the keyboard: nothing from Google, now or after a reload; no banner again.
      await banner.getByRole('button', { name: 'Decline' }).focus();
      await site.keyboard.press('Enter');
      await expect(banner).toBeHidden();
      await expect(site.locator('html')).toHaveAttribute('data-analytics-consent', 'denied');
      await site.reload();
      await expect(site.locator('html')).toHaveAttribute('data-analytics-consent', 'denied');
      await expect(banner).toBeHidden();
      await site.goto('/blog');
      await expect(site.locator('html')).toHaveAttribute('data-analytics-consent', 'denied');
      expect(await hits(request, origin)).toEqual([]);

      // The footer's "Cookie settings" brings the choice back, focused; Accept loads the tag.
      await site.getByRole('button', { name: 'Cookie settings' }).click();
      await expect(banner).toBeVisible();
      await expect(banner).toBeFocused();
      await banner.getByRole('button', { name: 'Accept' }).click();
      await expect(banner).toBeHidden();
      await expect
        .poll(async () => (await hits(request, origin)).map((h) => `${h.path} ${h.query['id'] ?? h.query['en']}`))
        .toEqual([`/gtag/js ${MEASUREMENT_ID}`, '/g/collect page_view']);
      const collect = (await hits(request, origin)).find((h) => h.path === '/g/collect')!;
      expect(collect.query['tid']).toBe(MEASUREMENT_ID);
      // Consent Mode: analytics granted, ads denied (gcs=G1<ad><analytics>).
      expect(collect.query['gcs']).toBe('G101');

      // Remembered: a reload asks nothing and loads the tag again.
      await site.reload();
      await expect(site.locator('html')).toHaveAttribute('data-analytics-consent', 'granted');
      await expect(banner).toBeHidden();
      await expect
        .poll(async () => (await hits(request, origin)).filter((h) => h.path === '/g/collect').length)
        .toBe(2);

      // Never on the console or the sign-in pages, whatever the visitor chose.
      const console = await site.goto('/admin');
      expect(console?.headers()['content-security-policy']).not.toContain(origin);
      await expect(site.getByRole('region', { name: 'Analytics cookies' })).toBeHidden();
      await site.goto('/dashboard');
      await expect(site.getByRole('region', { name: 'Analytics cookies' })).toBeHidden();
      expect((await hits(request, origin)).filter((h) => h.path === '/gtag/js').length).toBe(2);
      await context.close();

      // Removed in the console, after its question: the public pages are back to no banner at all.
      await row.getByRole('button', { name: 'Remove Website stream' }).click();
      const question = page.getByRole('alertdialog', { name: 'Remove “Website stream”?' });
      await question.getByRole('button', { name: 'Remove key' }).click();
      await expect(row).toHaveCount(0);
      const after = await visitor(browser);
      const again = await after.page.goto('/');
      await decided(after.page);
      await expect(after.page.locator('html')).toHaveAttribute('data-analytics-consent', 'off');
      await expect(after.page.getByRole('region', { name: 'Analytics cookies' })).toBeHidden();
      expect(again?.headers()['content-security-policy']).not.toContain(origin);
      await after.context.close();
    } finally {
      // Whatever happened above, no other test sees a banner.
      const login = await request.post('/api/auth/login', {
        data: { email: 'admin@example.com', password: demoAdminPassword() },
      });
      const token = ((await login.json()) as { access_token: string }).access_token;
      const keys = await request.get('/api/admin/config/api-keys/google_analytics', {
        headers: { authorization: `Bearer ${token}` },
      });
      if (keys.ok())
        for (const key of ((await keys.json()) as { data: { id: string }[] }).data)
          await request.delete(`/api/admin/config/api-keys/${key.id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
    }
  },
);
