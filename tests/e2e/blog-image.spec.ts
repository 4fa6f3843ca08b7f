import { expect as baseExpect, test } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';
import sharp from 'sharp';

// An administrator puts a photo from the computer or phone into a post through the editor's own
// Image dialog (a file chooser, alt text required), publishes, and the public article shows it
// with its alt text. The console at a laptop's width (the editor on a phone:
// tests/e2e/console-promises.spec.ts); the article read at a laptop's width and a phone's.

const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

test.describe('blog image at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('an admin uploads a photo into a post from a file chooser, and the article shows it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const title = `Prop Strike Inspection ${Date.now()}`;
    const alt = `A bent propeller blade on a Piper Archer (${Date.now()})`;
    // A real photo as a camera writes it: wider than the site keeps, so it is shrunk.
    const photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    const browserBoxes: string[] = [];
    page.on('dialog', (d) => {
      browserBoxes.push(d.message());
      void d.dismiss();
    });

    await signInToConsole(page);
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

    // The article on a laptop and on a phone: loaded, shrunk to the site's width, no wider than the screen.
    for (const width of [1366, 390]) {
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
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A shared link shows this photo, with its alt text, not the site's card.
      const src = await shown.getAttribute('src');
      await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${src}$`));
      await expect(reader.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', alt);
      await readerContext.close();
    }
  });
});
