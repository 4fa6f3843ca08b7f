import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_MAX_WIDTH } from '../../src/contract/blog-images.ts';
import imagesFunction from '../../netlify/functions/blog-images.ts';
import { call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

// A picture uploaded into a blog post: admin only, alt text required, only images, resized and
// served from a public content-addressed address with a year-long immutable cache.

let blobs: TestBlobs;
let admin: TestUser;
beforeAll(async () => {
  blobs = await startTestBlobs();
  admin = await createUser('admin');
});
afterAll(async () => {
  await blobs?.stop();
});

/** A real JPEG, as a phone would send, wider than the site keeps. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

function upload(token: string | undefined, file: File | null, alt?: string) {
  const form = new FormData();
  if (file) form.set('file', file);
  if (alt !== undefined) form.set('alt', alt);
  return call('POST', '/api/admin/blog/images', { rawBody: form, ...(token ? { token } : {}) });
}
const jpegFile = async (w = 2400, h = 1600) =>
  new File([new Uint8Array(await photo(w, h))], 'IMG_0042.JPG', { type: 'image/jpeg' });

/** Reads the served picture's bytes (the shared helper decodes bodies as text). */
async function fetchImage(url: string) {
  const name = url.split('/').pop()!;
  const res = await imagesFunction(new Request(new URL(url, 'http://localhost:8888')), { params: { name } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('POST /api/admin/blog/images', () => {
  it('stores an admin’s photo resized, and serves it publicly with an immutable cache', async () => {
    const res = await upload(admin.token, await jpegFile(), 'Cessna 172 on the ramp at KMPV');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      alt: 'Cessna 172 on the ramp at KMPV',
      width: BLOG_IMAGE_MAX_WIDTH,
      height: 1067,
    });
    expect(res.body.url).toMatch(/^\/api\/blog\/images\/[0-9a-f]{64}\.webp$/);

    const served = await fetchImage(res.body.url);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('content-type')).toBe('image/webp');
    expect(served.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', BLOG_IMAGE_MAX_WIDTH, 1067]);

    // The same picture again is the same address (content-addressed).
    const again = await upload(admin.token, await jpegFile(), 'Same picture');
    expect(again.body.url).toBe(res.body.url);
  });

  it('keeps a small picture at its own size', async () => {
    const res = await upload(admin.token, await jpegFile(640, 480), 'Small');
    expect(res.status, res.text).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([640, 480]);
  });

  it('refuses anonymous (401) and non-admin (403) uploads', async () => {
    const anonymous = await upload(undefined, await jpegFile(), 'A photo');
    expect(anonymous.status).toBe(401);
    const pilot = await createUser('pilot');
    const asPilot = await upload(pilot.token, await jpegFile(), 'A photo');
    expect(asPilot.status).toBe(403);
    expect(asPilot.body.detail).toBeTruthy();
  });

  it('requires alt text (400 with a clear detail)', async () => {
    for (const alt of [undefined, '   ']) {
      const res = await upload(admin.token, await jpegFile(), alt);
      expect(res.status, res.text).toBe(400);
      expect(res.body.detail).toMatch(/alt text is required/i);
    }
  });

  it('refuses a file that is not an image (400), whatever its name says', async () => {
    const fake = new File([new TextEncoder().encode('%PDF-1.7 not a picture')], 'photo.jpg', { type: 'image/jpeg' });
    const res = await upload(admin.token, fake, 'A photo');
    expect(res.status, res.text).toBe(400);
    expect(res.body.detail).toMatch(/not an image/i);
    const missing = await upload(admin.token, null, 'A photo');
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/choose an image/i);
  });

  it('refuses a file over the limit with the limit in the detail', async () => {
    const big = new File([new Uint8Array(BLOG_IMAGE_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const res = await upload(admin.token, big, 'Too big');
    expect(res.status, res.text).toBe(413);
    expect(res.body.detail).toMatch(/too large.*15 MB/i);
  });

  it('answers 404 for a picture that does not exist', async () => {
    const res = await call('GET', `/api/blog/images/${'0'.repeat(64)}.webp`);
    expect(res.status).toBe(404);
  });
});
