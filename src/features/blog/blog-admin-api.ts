import type { TrashedBlogPost } from '../../contract/blog-constants.ts';
import { ROUTES } from '../../contract/routes/blog.ts';
import { call } from '../../lib/api-client.ts';

/**
 * The admin blog's reads that a screen asks for on its own (the trash, what a Generate would
 * replace), with the stored admin token. Its writes go through `useWrite` in BlogAdminPanel.
 */
export const blogAdminApi = {
  trash: (signal?: AbortSignal) =>
    call(ROUTES.blogAdminPosts, { query: { status: 'trash' }, ...(signal ? { signal } : {}) }).then(
      (r) => r.data as TrashedBlogPost[],
    ),
  generateSummary: () => call(ROUTES.blogAdminGenerateSummary).then((r) => r.data),
};
