import { expect as baseExpect, test, type Page } from '@playwright/test';
import { demoAdminPassword, signInToConsole } from '../helpers/e2e-admin.ts';

// The console's lists, keys and detail views, and the "Load more" of every paged list for its
// lists, at 1366 px; then each of those screens once on a 390 px phone, where they lay out as
// cards and must not scroll sideways. Nothing here changes what another test reads: decisions are
// asked and cancelled, keys and posts are this test's own.

const expect = baseExpect.configure({ timeout: 30_000 });
// Each test walks several screens; on a loaded 2-core machine one took over a minute.
test.describe.configure({ timeout: 180_000 });
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function adminToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: demoAdminPassword() },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const viewport of [{ name: 'desktop', width: 1366, height: 900 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the Mechanics tab opens without a failed call, asks before approving an unconfirmed mechanic, offers Unlock only to the locked', async ({
      page,
    }) => {
      await signInToConsole(page);
      const failed: string[] = [];
      page.on(
        'response',
        (r) => r.url().includes('/api/') && r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`),
      );
      await page.getByRole('tab', { name: 'Mechanics' }).click();
      const queue = page.getByRole('list', { name: 'Mechanics' });
      await expect(queue).toBeVisible();
      await expect(page.getByLabel(/^Approve a waiting mechanic automatically/)).toBeVisible();
      expect(failed).toEqual([]);

      // "No match": the approval is a question, and Cancel leaves the mechanic waiting.
      const unconfirmed = queue.getByRole('listitem').filter({ hasText: 'FAA: no match' }).first();
      await unconfirmed.getByRole('button', { name: 'Approve' }).click();
      const question = page.getByRole('alertdialog');
      await expect(question).toContainText('The FAA airmen file has no mechanic of this name');
      await expect(question.getByRole('button', { name: 'Approve anyway' })).toBeVisible();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toBeHidden();
      await expect(unconfirmed).toContainText('Pending review');
      const several = queue.getByRole('listitem').filter({ hasText: 'FAA: several' }).first();
      await several.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByRole('alertdialog')).toContainText('the match is not certain');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      // "Unlock sign-in" only where the card says the sign-in is locked (the demo's are not).
      await page.getByLabel('Show').selectOption({ label: 'Approved' });
      const approved = page.getByRole('list', { name: 'Mechanics' }).getByRole('listitem');
      await expect(approved.first()).toBeVisible();
      const cards = await approved.evaluateAll((items) =>
        items.map((li) => ({
          unlock: [...li.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Unlock sign-in'),
          locked: li.textContent?.includes('Sign-in locked') ?? false,
        })),
      );
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) expect(card.unlock).toBe(card.locked);
      expect(cards.some((c) => !c.unlock)).toBe(true);
      expect(await noSideways(page)).toBe(true);
      expect(failed).toEqual([]);
    });

    test('a customer opens with their requests, aircraft, quote requests and leads', async ({ page }, testInfo) => {
      await signInToConsole(page);
      await page.getByRole('tab', { name: 'Customers' }).click();
      await page.getByLabel('Search customers').fill('Paula');
      await page.getByRole('button', { name: 'Paula Pilot' }).filter({ visible: true }).first().click();
      const detail = page.getByRole('dialog', { name: 'Paula Pilot' });
      await expect(detail).toBeVisible();
      await expect(detail.getByRole('heading', { name: /^Service requests \(\d+\)$/ })).toBeVisible();
      await expect(detail.getByRole('heading', { name: /^Aircraft \([1-9]\d*\)$/ })).toBeVisible();
      await expect(detail.getByRole('heading', { name: /^Quote requests from the website \(\d+\)$/ })).toBeVisible();
      await expect(detail.getByRole('heading', { name: /^Leads \(\d+\)$/ })).toBeVisible();
      await expect(detail).toContainText('pilot@example.com');
      expect(await noSideways(page)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`customer-detail-${viewport.width}.png`) });
    });

    test('an outbox message opens with its recipient, body and attempts, named in words; the list loads more', async ({
      page,
    }, testInfo) => {
      await signInToConsole(page);
      // Enough messages for a second page: popup leads of this test.
      const token = await adminToken(page);
      for (let i = 0; i < 26; i += 1) {
        const res = await page.request.post('/api/leads', {
          data: { firstName: 'Ola', email: `${unique('outbox')}@example.com`, source: 'popup_discount_offer' },
        });
        expect(res.ok()).toBe(true);
      }
      await page.request.post('/api/admin/outbox/deliver', { headers: { authorization: `Bearer ${token}` }, data: {} });
      await page.getByRole('tab', { name: 'Outbox' }).click();
      const messages = page.getByRole('list', { name: 'Messages' });
      await expect(messages.getByRole('listitem').first()).toBeVisible();
      await expect(messages).toContainText('Popup discount code');
      await expect(messages).not.toContainText('lead.popup_offer');

      // Cursor paging: 25 first, then more when the list's end ("Load more") comes into view.
      const before = await messages.getByRole('listitem').count();
      expect(before).toBe(25);
      await page.getByRole('button', { name: 'Load more messages' }).scrollIntoViewIfNeeded();
      await expect.poll(() => messages.getByRole('listitem').count()).toBeGreaterThan(before);

      await page.getByRole('button', { name: 'Sent', exact: false }).first().click();
      const sent = page
        .getByRole('list', { name: 'Messages' })
        .getByRole('listitem')
        .filter({ hasText: 'Popup discount code' })
        .first();
      await sent.getByRole('button', { name: /^Open message:/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('outbox-to')).toContainText('@example.com');
      await expect(dialog.getByTestId('outbox-body')).toContainText('Ola');
      await expect(dialog.getByTestId('outbox-attempts')).toContainText('Sent');
      await expect(dialog.getByTestId('outbox-attempts')).toContainText('via SMTP');
      expect(await noSideways(page)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`outbox-message-${viewport.width}.png`) });
    });

    test('marketing counts every search and says which leads it lists; every site lead exports', async ({ page }) => {
      await signInToConsole(page);
      await page.getByRole('tab', { name: 'Marketing' }).click();
      await page.getByRole('tab', { name: 'Analytics' }).click();
      const total = page.locator('dt', { hasText: 'Total Searches' }).locator('xpath=following-sibling::dd[1]');
      const before = Number(await total.textContent());
      await page.getByRole('tab', { name: 'Lead Search' }).click();
      // A search in test mode answers sample leads and saves nothing, but it is a search.
      await page.locator('fieldset', { hasText: 'Suggested Keywords' }).locator('button[aria-pressed]').first().click();
      await page.getByLabel(/^Test mode/).check();
      await page.getByRole('button', { name: 'Search Leads' }).click();
      await expect(page.getByText('Search Complete!')).toBeVisible();
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await expect(total).toHaveText(String(before + 1));
      await page.getByRole('tab', { name: /^Manage Leads/ }).click();
      await expect(page.getByTestId('lead-kinds-note')).toContainText(
        'are site leads: see the Leads tab and the Inbox',
      );

      await page.getByRole('tab', { name: 'Leads', exact: true }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export all site leads (CSV)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
      expect(text.split('\n').length).toBeGreaterThan(2);
    });

    test('an API key is replaced and removed after a question; Apollo is among the integrations', async ({
      page,
    }, testInfo) => {
      await signInToConsole(page);
      const token = await adminToken(page);
      // Google Calendar: a Google Analytics key would show every visitor a consent banner mid-run.
      const name = unique('Calendar key');
      const added = await page.request.post('/api/admin/config/api-keys?integration_type=google_calendar', {
        headers: { authorization: `Bearer ${token}` },
        form: {
          key_name: name,
          api_key: 'ya29.first-token-0000',
          priority: String(900 + Math.floor(Math.random() * 90)),
        },
      });
      expect(added.ok()).toBe(true);
      await page.getByRole('button', { name: 'System Config' }).click();
      // The settings screen, for the record (docs/screenshots).
      await page.getByRole('tab', { name: 'Settings' }).click();
      await expect(page.locator('[data-testid="catalog-setting"]').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`settings-${viewport.width}.png`), fullPage: true });
      await page.getByRole('tab', { name: 'API Keys' }).click();
      const row = page.getByTestId('api-key-row').filter({ hasText: name });
      await expect(row).toBeVisible();
      await expect(page.getByText(/Apollo/).first()).toBeVisible();

      await row.getByRole('button', { name: `Replace ${name}` }).click();
      const replace = page.getByRole('dialog', { name: `Replace “${name}”` });
      await replace.getByRole('button', { name: 'Replace key' }).click();
      await expect(replace.getByRole('alert')).toContainText('API key is required');
      await replace.getByLabel('New API key *').fill('ya29.second-token-9999');
      await replace.getByRole('button', { name: 'Replace key' }).click();
      await expect(replace).toBeHidden();
      await expect(row).toContainText('9999');

      await row.getByRole('button', { name: `Remove ${name}` }).click();
      const question = page.getByRole('alertdialog', { name: `Remove “${name}”?` });
      await expect(question).toContainText('cannot be brought back');
      await question.getByRole('button', { name: 'Remove key' }).click();
      await expect(row).toHaveCount(0);
      expect(await noSideways(page)).toBe(true);
    });

    test('blog: the trash comes into view, a draft reads Draft, a stale save says why in the editor, a reload mid-edit asks', async ({
      page,
    }) => {
      await signInToConsole(page);
      const token = await adminToken(page);
      const title = unique('Stale draft');
      const made = await page.request.post('/api/blog/admin/posts', {
        headers: { authorization: `Bearer ${token}` },
        data: { title, category: 'Tips', content: '<p>First words.</p>', published: false },
      });
      const post = ((await made.json()) as { data: { id: string } }).data;
      await page.getByRole('tab', { name: 'Blog Posts' }).click();
      const article = page.getByRole('article', { name: title });
      await expect(article).toContainText('Draft');
      await expect(article).not.toContainText('Published');

      // Another tab deletes it; this one saves: the editor says why and keeps the text.
      await article.getByRole('button', { name: `Edit ${title}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Post' });
      await form.getByLabel('Title').fill(`${title} edited`);
      await page.request.delete(`/api/blog/admin/posts/${post.id}`, { headers: { authorization: `Bearer ${token}` } });
      let nativeDialog = false;
      page.on('dialog', (d) => {
        if (d.type() !== 'beforeunload') nativeDialog = true;
      });
      await form.getByRole('button', { name: 'Save draft' }).click();
      await expect(form.getByTestId('blog-save-error')).toContainText(
        'deleted (in another tab or by another administrator) and is in the trash',
      );
      await expect(form.getByLabel('Title')).toHaveValue(`${title} edited`);
      expect(nativeDialog).toBe(false);

      // A reload with the edit open asks first (the browser's own question).
      const asked = page.waitForEvent('dialog');
      void page.reload().catch(() => undefined);
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.dismiss();

      await form.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
      await page.getByRole('button', { name: 'Trash', exact: true }).click();
      const trash = page.getByRole('list', { name: 'Trash' });
      await expect(trash).toBeInViewport();
      await expect(trash).toContainText(title);
    });
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the console's lists and their dialogs fit a phone: mechanics, a customer, an outbox message, settings, the blog's trash", async ({
    page,
  }, testInfo) => {
    await signInToConsole(page);
    const token = await adminToken(page);
    const auth = { authorization: `Bearer ${token}` };
    // A sent message of this test's own, and a draft of its own in the trash.
    const email = `${unique('outbox-phone')}@example.com`;
    expect(
      (
        await page.request.post('/api/leads', { data: { firstName: 'Ola', email, source: 'popup_discount_offer' } })
      ).ok(),
    ).toBe(true);
    await page.request.post('/api/admin/outbox/deliver', { headers: auth, data: {} });
    const title = unique('Trashed draft');
    const made = await page.request.post('/api/blog/admin/posts', {
      headers: auth,
      data: { title, category: 'Tips', content: '<p>First words.</p>', published: false },
    });
    const post = ((await made.json()) as { data: { id: string } }).data;
    expect((await page.request.delete(`/api/blog/admin/posts/${post.id}`, { headers: auth })).ok()).toBe(true);

    // Mechanics: cards, an approval's question within the screen.
    await page.getByRole('tab', { name: 'Mechanics' }).click();
    const queue = page.getByRole('list', { name: 'Mechanics' });
    await expect(queue).toBeVisible();
    await queue
      .getByRole('listitem')
      .filter({ hasText: 'FAA: no match' })
      .first()
      .getByRole('button', { name: 'Approve' })
      .click();
    const question = page.getByRole('alertdialog');
    await expect(question.getByRole('button', { name: 'Approve anyway' })).toBeInViewport();
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await noSideways(page)).toBe(true);

    // A customer's detail.
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByLabel('Search customers').fill('Paula');
    await page.getByRole('button', { name: 'Paula Pilot' }).filter({ visible: true }).first().click();
    const detail = page.getByRole('dialog', { name: 'Paula Pilot' });
    await expect(detail.getByRole('heading', { name: /^Aircraft \([1-9]\d*\)$/ })).toBeVisible();
    await expect(detail).toContainText('pilot@example.com');
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('customer-detail-390.png') });
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // An outbox message.
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await page.getByRole('button', { name: 'Sent', exact: false }).first().click();
    const sent = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: 'Popup discount code' })
      .first();
    await sent.getByRole('button', { name: /^Open message:/ }).click();
    const message = page.getByRole('dialog');
    await expect(message.getByTestId('outbox-to')).toContainText('@example.com');
    await expect(message.getByTestId('outbox-attempts')).toContainText('Sent');
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('outbox-message-390.png') });
    await page.keyboard.press('Escape');
    await expect(message).toBeHidden();

    // The settings and the API keys.
    await page.getByRole('button', { name: 'System Config' }).click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.locator('[data-testid="catalog-setting"]').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-390.png'), fullPage: true });
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await expect(page.getByText(/Apollo/).first()).toBeVisible();
    expect(await noSideways(page)).toBe(true);
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();

    // The blog's trash comes into view on a tap, below the posts.
    await page.getByRole('tab', { name: 'Blog Posts' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('button', { name: 'Trash', exact: true }).click();
    const trash = page.getByRole('list', { name: 'Trash' });
    await expect(trash).toBeInViewport();
    await expect(trash).toContainText(title);
    expect(await noSideways(page)).toBe(true);
  });
});
