import { z } from './zod.ts';
import { BLOG_MAX_LIMIT, BLOG_PAGE_SIZE } from './blog-constants.ts';

/** Query of GET /api/blog/posts: bad numbers are refused, a too-big limit is capped. */
const positiveInt = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v.trim());
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number of at least 1` });
        return z.NEVER;
      }
      return n;
    });

/** Pages past the last are empty; past this one they stay empty without an offset the database refuses. */
const MAX_PAGE = 1_000_000;

export const BlogListQuerySchema = z.object({
  page: positiveInt('page').transform((v) => Math.min(v ?? 1, MAX_PAGE)),
  limit: positiveInt('limit').transform((v) => Math.min(v ?? BLOG_PAGE_SIZE, BLOG_MAX_LIMIT)),
  category: z
    .string()
    .max(200, 'category must be at most 200 characters')
    .optional()
    .transform((v) => v?.trim() || undefined),
  q: z
    .string()
    .max(200, 'q must be at most 200 characters')
    .optional()
    .transform((v) => v?.trim() || undefined),
  /** Accepted as an alias of `q` (the page's URL parameter is `search`). */
  search: z
    .string()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .transform((v) => v?.trim() || undefined),
});
export type BlogListQuery = z.output<typeof BlogListQuerySchema>;

/** Query of GET /api/blog/admin/posts: every post, or `status=trash` for the trash. */
export const BlogAdminListQuerySchema = z.object({
  status: z.enum(['all', 'trash'], { error: 'status must be "trash" (or left out for every post)' }).optional(),
});
