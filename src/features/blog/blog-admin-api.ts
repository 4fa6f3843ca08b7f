import type { BlogPost, BlogPostData } from '../../contract/blog.ts';
import { api } from '../../lib/api-client.ts';

/** The admin blog calls (spec section 7, "Blog admin"), with the stored admin token. */
export const blogAdminApi = {
  list: (signal?: AbortSignal) =>
    api<{ success: boolean; data: BlogPost[] }>('/blog/admin/posts', signal ? { signal } : {}).then((r) => r.data),
  create: (post: BlogPostData) => api<{ success: boolean; data: BlogPost }>('/blog/admin/posts', { method: 'POST', body: post }).then((r) => r.data),
  update: (id: string, post: BlogPostData) =>
    api<{ success: boolean; data: BlogPost }>(`/blog/admin/posts/${encodeURIComponent(id)}`, { method: 'PUT', body: post }).then((r) => r.data),
  remove: (id: string) => api<{ success: boolean }>(`/blog/admin/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  generate: () =>
    api<{ success: boolean; posts_created: number }>('/blog/admin/generate-initial-content', { method: 'POST' }).then((r) => r.posts_created),
};
