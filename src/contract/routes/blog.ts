import { BlogPostPatchSchema, BlogPostSchema } from '../blog.ts';
import type { BlogImage } from '../blog-images.ts';
import type { BlogCategory, BlogListResponse, BlogPost, GenerateSummary, TrashedBlogPost } from '../blog-constants.ts';
import { BlogAdminListQuerySchema, BlogListQuerySchema } from '../blog-query.ts';
import { type Envelope, route, type RouteSpec } from './route.ts';

/** The blog and its console: its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  blogPosts: route<BlogListResponse>()({
    method: 'GET',
    path: '/api/blog/posts',
    access: 'public',
    query: BlogListQuerySchema,
  }),
  blogPost: route<Envelope<BlogPost>>()({ method: 'GET', path: '/api/blog/posts/:slug', access: 'public' }),
  blogCategories: route<Envelope<BlogCategory[]>>()({ method: 'GET', path: '/api/blog/categories', access: 'public' }),
  blogAdminPosts: route<Envelope<BlogPost[] | TrashedBlogPost[]>>()({
    method: 'GET',
    path: '/api/blog/admin/posts',
    access: { roles: ['admin'] },
    query: BlogAdminListQuerySchema,
  }),
  blogAdminRestore: route<Envelope<BlogPost>>()({
    method: 'POST',
    path: '/api/blog/admin/posts/:id/restore',
    access: { roles: ['admin'] },
  }),
  blogAdminPost: route<Envelope<BlogPost>>()({
    method: 'GET',
    path: '/api/blog/admin/posts/:id',
    access: { roles: ['admin'] },
  }),
  blogAdminCreate: route<Envelope<BlogPost>>()({
    method: 'POST',
    path: '/api/blog/admin/posts',
    access: { roles: ['admin'] },
    input: BlogPostSchema,
  }),
  blogAdminUpdate: route<Envelope<BlogPost>>()({
    method: 'PUT',
    path: '/api/blog/admin/posts/:id',
    access: { roles: ['admin'] },
    input: BlogPostPatchSchema,
  }),
  blogAdminDelete: route<{ success: true }>()({
    method: 'DELETE',
    path: '/api/blog/admin/posts/:id',
    access: { roles: ['admin'] },
  }),
  /** Multipart `file` + `alt`, admin only; answers the stored picture (docs/decisions/0400). */
  blogImageUpload: route<BlogImage>()({
    method: 'POST',
    path: '/api/admin/blog/images',
    access: { roles: ['admin'] },
    raw: true,
  }),
  /** An uploaded picture, public, cached for a year (its name is its content's hash). */
  blogImage: route<Blob>()({ method: 'GET', path: '/api/blog/images/:name', access: 'public', raw: true }),
  blogAdminGenerate: route<{ success: true; posts_created: number }>()({
    method: 'POST',
    path: '/api/blog/admin/generate-initial-content',
    access: { roles: ['admin'] },
  }),
  blogAdminGenerateSummary: route<Envelope<GenerateSummary>>()({
    method: 'GET',
    path: '/api/blog/admin/generate-initial-content',
    access: { roles: ['admin'] },
  }),
  /** Counts one read of an article and answers the total (the cached GET counts nothing: docs/decisions/0202). */
  blogPostView: route<Envelope<{ views: number }>>()({
    method: 'POST',
    path: '/api/blog/posts/:slug/view',
    access: 'public',
  }),
  blogViewCounts: route<Envelope<Record<string, number>>>()({
    method: 'GET',
    path: '/api/blog/views',
    access: 'public',
  }),
} as const satisfies Record<string, RouteSpec>;
