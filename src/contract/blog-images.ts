import { z } from './zod.ts';

/**
 * Pictures in blog posts (docs/decisions/0400): an administrator uploads a photo from a computer or
 * a phone; the function keeps it at most BLOG_IMAGE_MAX_WIDTH wide, as WebP, under a name made of
 * its content's hash, and serves it publicly with a year-long immutable cache.
 */

/** A phone's full-size photo is 3-8 MB; 15 MB leaves room without inviting raw camera files. */
export const BLOG_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Twice the article column (about 760 px) for sharp text on high-density screens. */
export const BLOG_IMAGE_MAX_WIDTH = 1600;
export const BLOG_IMAGE_ALT_MAX = 300;
/** What the file chooser offers and the function accepts (checked by the bytes, not the name). */
export const BLOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const BLOG_IMAGE_ACCEPT = BLOG_IMAGE_TYPES.join(',');
/** Where an uploaded image is served from; the name is `<sha256>.webp`. */
export const BLOG_IMAGE_PATH = '/api/blog/images/';

export const BlogImageAltSchema = z
  .string({ error: 'Alt text is required: describe the picture for people who cannot see it' })
  .trim()
  .min(1, 'Alt text is required: describe the picture for people who cannot see it')
  .max(BLOG_IMAGE_ALT_MAX, `Alt text must be at most ${BLOG_IMAGE_ALT_MAX} characters`);

/** The first file a file input holds (a FileList in the browser), if any. */
const firstFile = (v: unknown): { size: number; type: string } | undefined => {
  const list = v as ArrayLike<{ size: number; type: string }> | null | undefined;
  return list && typeof list === 'object' && 'length' in list && list.length > 0 ? list[0] : undefined;
};

/** The editor's image dialog: a chosen file and its alt text (the function checks both again). */
export const BlogImageFormSchema = z.object({
  file: z
    .custom<FileList>((v) => firstFile(v) !== undefined, 'Choose a picture to upload')
    .refine((v) => (firstFile(v)?.size ?? 0) <= BLOG_IMAGE_MAX_BYTES, {
      message: `The image is too large: the limit is ${BLOG_IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
    }),
  alt: BlogImageAltSchema,
});

export const BlogLinkFormSchema = z.object({
  text: z.string().trim().max(200, 'Link text must be at most 200 characters'),
  href: z
    .string()
    .trim()
    .min(1, 'Address is required')
    .refine(
      (v) => /^(https?:\/\/|\/|#|mailto:|tel:)/i.test(v),
      'Address must start with https://, / (a page on this site), mailto: or tel:',
    ),
});

/** What an upload answers: the public address and what the <img> needs. */
export interface BlogImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export const blogImageName = (hash: string) => `${hash}.webp`;
export const BLOG_IMAGE_NAME = /^[0-9a-f]{64}\.webp$/;
