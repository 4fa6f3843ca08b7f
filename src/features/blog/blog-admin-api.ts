import type { BlogPostData } from '../../contract/blog.ts';
import type { TrashedBlogPost } from '../../contract/blog-constants.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from '../../lib/api-client.ts';

/** The admin blog calls (docs/product.md, "Blog"), with the stored admin token. */
export const blogAdminApi = {
  create: (post: BlogPostData) => call(ROUTES.blogAdminCreate, { body: post }).then((r) => r.data),
  update: (id: string, post: BlogPostData) =>
    call(ROUTES.blogAdminUpdate, { params: { id }, body: post }).then((r) => r.data),
  remove: (id: string) => call(ROUTES.blogAdminDelete, { params: { id } }),
  trash: (signal?: AbortSignal) =>
    call(ROUTES.blogAdminPosts, { query: { status: 'trash' }, ...(signal ? { signal } : {}) }).then(
      (r) => r.data as TrashedBlogPost[],
    ),
  restore: (id: string) => call(ROUTES.blogAdminRestore, { params: { id } }).then((r) => r.data),
  generateSummary: () => call(ROUTES.blogAdminGenerateSummary).then((r) => r.data),
  generate: () => call(ROUTES.blogAdminGenerate).then((r) => r.posts_created),
};
