import { z } from './zod.ts';

// The public constants and JSON shapes live in a dependency-free module that the blog's browser
// scripts import (no validation library, no chunk shared with the admin console); the admin's
// constants and the post schema are here.

export const BLOG_ADMIN_TAG_PREVIEW = 5;

/** Admin alerts and confirmations (docs/product.md §8, "Blog admin"). */
export const BLOG_ADMIN_MESSAGES = {
  createFailed: 'Failed to create post',
  updateFailed: 'Failed to update post',
  deleteFailed: 'Failed to delete post',
  generateFailed: 'Failed to generate initial content. Please try again.',
  confirmDelete: 'Are you sure you want to delete this post?',
  confirmGenerate:
    'This will regenerate all blog posts with professional content. Any existing posts will be replaced. Continue?',
} as const;

/** Bounds of a post's fields (the spec gives none; these fit real articles). */
export const BLOG_LIMITS = {
  title: 200,
  category: 60,
  content: 300_000,
  excerpt: 500,
  tag: 50,
  tags: 20,
  metaTitle: 120,
  /** A byline: a name and its certificates ("Mike Reynolds, A&P/IA"). */
  author: 120,
  metaDescription: 320,
} as const;

/**
 * A list typed as a comma-separated string (the admin form) or sent as a JSON list (the API):
 * split on commas, trimmed, empties and repeats (case-insensitive) dropped.
 */
const textList = (label: string) =>
  z
    .union([z.array(z.string({ error: `${label} must be text` })), z.string()], {
      error: `${label} must be a list of text`,
    })
    .optional()
    .transform((v, ctx) => {
      const raw = v === undefined ? [] : typeof v === 'string' ? v.split(',') : v.flatMap((s) => s.split(','));
      const seen = new Set<string>();
      const out: string[] = [];
      for (const item of raw) {
        const t = item.trim().replace(/\s+/g, ' ');
        if (!t || seen.has(t.toLowerCase())) continue;
        if (t.length > BLOG_LIMITS.tag) {
          ctx.addIssue({
            code: 'custom',
            message: `Each entry of ${label} must be at most ${BLOG_LIMITS.tag} characters`,
          });
          return z.NEVER;
        }
        seen.add(t.toLowerCase());
        out.push(t);
      }
      if (out.length > BLOG_LIMITS.tags) {
        ctx.addIssue({ code: 'custom', message: `${label} can have at most ${BLOG_LIMITS.tags} entries` });
        return z.NEVER;
      }
      return out;
    });

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/**
 * A blog post as the admin writes it (New Post / Edit dialogs and POST/PUT bodies). Slug,
 * reading time and dates are never typed: the server derives them. The author is optional: a
 * post without one is signed by the business (docs/decisions/0462).
 */
export const BlogPostSchema = z.object({
  title: required('Title', BLOG_LIMITS.title),
  category: required('Category', BLOG_LIMITS.category),
  content: required('Content', BLOG_LIMITS.content),
  excerpt: optional('Excerpt', BLOG_LIMITS.excerpt),
  tags: textList('Tags'),
  seoKeywords: textList('SEO keywords'),
  published: z.boolean({ error: 'Published must be true or false' }).optional().default(false),
  metaTitle: optional('Meta title', BLOG_LIMITS.metaTitle),
  metaDescription: optional('Meta description', BLOG_LIMITS.metaDescription),
  author: optional('Author', BLOG_LIMITS.author),
});

export type BlogPostInput = z.input<typeof BlogPostSchema>;
export type BlogPostData = z.output<typeof BlogPostSchema>;

/** PUT /api/blog/admin/posts/{id}: any of the post's fields; the server checks the ones sent. */
export const BlogPostPatchSchema = z.record(z.string(), z.unknown(), { error: 'Request body must be a JSON object' });
