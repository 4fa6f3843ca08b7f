import { expect as baseExpect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

// An administrator puts a photo from the computer or phone into a post through the editor's own
// Image dialog (a file chooser, alt text required), publishes, and the public article shows it
// with its alt text. At a laptop's width and a phone's.

const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

function demoAdminPassword(): string {
  const file = path.resolve(process.env['E2E_SECRETS_FILE'] ?? '.data/e2e/postgres-secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { DEMO_ADMIN_PASSWORD: string }).DEMO_ADMIN_PASSWORD;
}

for (const width of [1366, 390]) {
  test.describe(`blog image at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    test('an admin uploads a photo into a post from a file chooser, and the article shows it', async ({
      page,
      browser,
      baseURL,
    }) => {
      const title = `Prop Strike Inspection ${width} ${Date.now()}`;
      const alt = `A bent propeller blade on a Piper Archer (${width})`;
      // A real photo as a camera writes it: wider than the site keeps, so it is shrunk.
      const photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#b45309' } })
        .jpeg()
        .toBuffer();
      const browserBoxes: string[] = [];
      page.on('dialog', (d) => {
        browserBoxes.push(d.message());
        void d.dismiss();
      });

      await page.goto('/admin');
      await page.getByLabel('Email').fill('admin@example.com');
      await page.getByLabel('Password').fill(demoAdminPassword());
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('tab', { name: 'Blog Posts' }).click();
      await page.getByRole('button', { name: 'New Post' }).click();
      const form = page.getByRole('dialog', { name: 'New Post' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Category').fill('Inspections');
      const editor = form.locator('[data-rich-editor] [contenteditable="true"]');
      await editor.click();
      await editor.pressSequentially('After a prop strike the engine comes apart.');

      await form.getByRole('button', { name: 'Image' }).click();
      const imageDialog = page.getByRole('dialog', { name: 'Add image' });
      await expect(imageDialog).toBeVisible();
      await imageDialog
        .getByLabel('Picture')
        .setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: photo });
      // Alt text is required before anything is sent.
      await imageDialog.getByRole('button', { name: 'Upload and insert' }).click();
      await expect(imageDialog.getByText('Alt text is required', { exact: false })).toBeVisible();
      await imageDialog.getByLabel('Alt text').fill(alt);
      await imageDialog.getByRole('button', { name: 'Upload and insert' }).click();
      await expect(imageDialog).toBeHidden();
      await expect(form).toBeVisible();
      await expect(editor.getByRole('img', { name: alt })).toBeVisible();

      await form.getByLabel('Tags').fill('propeller, prop strike, inspection');
      await form.getByLabel('Published (visible on the blog)').check();
      await form.getByRole('button', { name: 'Publish' }).click();
      await expect(form).toBeHidden();
      const row = page.getByRole('article', { name: title });
      const slug = (await row.getByText(/^\/blog\//).textContent())!.replace('/blog/', '');
      expect(browserBoxes).toEqual([]);

      const readerContext = await browser.newContext({
        ...(baseURL ? { baseURL } : {}),
        viewport: { width, height: 900 },
      });
      const reader = await readerContext.newPage();
      await reader.goto(`/blog/${slug}`);
      const shown = reader.locator('.blog-prose').getByRole('img', { name: alt });
      await shown.scrollIntoViewIfNeeded();
      await expect(shown).toBeVisible();
      await expect(shown).toHaveAttribute('src', /^\/api\/blog\/images\/[0-9a-f]{64}\.webp$/);
      // Loaded, shrunk to the site's width, and no wider than the phone's screen.
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await readerContext.close();
    });
  });
}
