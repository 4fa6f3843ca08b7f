import { getStore, type Store } from '@netlify/blobs';
import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import {
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_MAX_WIDTH,
  BLOG_IMAGE_NAME,
  BLOG_IMAGE_PATH,
  BLOG_IMAGE_TYPES,
  BlogImageAltSchema,
  blogImageName,
  type BlogImage,
} from '../../contract/blog-images.ts';
import { readBodyBytes } from '../../server/http/body.ts';
import { HttpError, badRequest, notFound } from '../../server/http/errors.ts';
import { parseFormData } from '../../server/http/form-body.server.ts';
import { parseWith } from '../../server/http/with-api.ts';

/**
 * Pictures of blog posts (docs/decisions/0400), in their own Netlify Blobs store 'blog-images'
 * (public files, apart from the private documents), key `<sha256>.webp`: the same picture uploaded
 * twice is one blob, and a name never changes its bytes, so it is served immutable.
 */
export const BLOG_IMAGES_STORE = 'blog-images';
/** Room for the multipart envelope around the file and the alt text. */
const FORM_ENVELOPE_BYTES = 64 * 1024;
const MB = 1024 * 1024;
const TOO_LARGE = `The image is too large: the limit is ${BLOG_IMAGE_MAX_BYTES / MB} MB`;
const NOT_AN_IMAGE = 'The file is not an image this site can show: choose a JPEG, PNG, WebP, GIF or AVIF picture';
/** sharp's format names for the accepted types. */
const FORMATS = new Set<string>(BLOG_IMAGE_TYPES.map((t) => t.slice('image/'.length)));

function imagesStore(): Store {
  try {
    return getStore({ name: BLOG_IMAGES_STORE, consistency: 'strong' });
  } catch (error) {
    console.error('Netlify Blobs is not available:', error);
    throw new HttpError(503, 'Image storage is not available right now. Please try again later.');
  }
}

/** Reads the multipart form within the size limit; a larger body is a 413 that says the limit. */
async function readForm(req: Request): Promise<FormData> {
  const header = req.headers.get('content-type') ?? '';
  if (header.split(';')[0]!.trim().toLowerCase() !== 'multipart/form-data')
    throw badRequest('Send the image as multipart/form-data with the fields file and alt');
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(req, BLOG_IMAGE_MAX_BYTES + FORM_ENVELOPE_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, TOO_LARGE);
    throw error;
  }
  return parseFormData(bytes, header);
}

/**
 * Checks, shrinks and stores one uploaded picture. The bytes decide whether it is an image, not
 * its name or declared type. Turned upright by its EXIF orientation, then its metadata dropped
 * (a phone's photo carries where it was taken), at most BLOG_IMAGE_MAX_WIDTH wide, as WebP.
 */
export async function uploadBlogImage(req: Request): Promise<BlogImage> {
  const form = await readForm(req);
  const alt = parseWith(BlogImageAltSchema, form.get('alt') ?? undefined);
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw badRequest('Choose an image file to upload (field file)');
  if (file.size > BLOG_IMAGE_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
  const input = new Uint8Array(await file.arrayBuffer());
  let format: string | undefined;
  try {
    ({ format } = await sharp(input).metadata());
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!format || !FORMATS.has(format === 'heif' ? 'avif' : format)) throw badRequest(NOT_AN_IMAGE);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input)
      .rotate()
      .resize({ width: BLOG_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  const name = blogImageName(createHash('sha256').update(output.data).digest('hex'));
  const bytes = output.data.buffer.slice(
    output.data.byteOffset,
    output.data.byteOffset + output.data.byteLength,
  ) as ArrayBuffer;
  await imagesStore().set(name, bytes, { metadata: { width: output.info.width, height: output.info.height } });
  return { url: `${BLOG_IMAGE_PATH}${name}`, alt, width: output.info.width, height: output.info.height };
}

/** The stored picture, public; its name is its content's hash, so browsers and CDNs keep it a year. */
export async function blogImageResponse(name: string): Promise<Response> {
  if (!BLOG_IMAGE_NAME.test(name)) throw notFound('Image not found');
  const data = (await imagesStore().get(name, { type: 'arrayBuffer' })) as ArrayBuffer | null;
  if (data === null) throw notFound('Image not found');
  return new Response(data, {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(data.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}
