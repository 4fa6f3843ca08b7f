import type { Config } from '@netlify/functions';
import { BLOG_IMAGE_MAX_BYTES } from '../../src/contract/blog-images.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { blogImageResponse, uploadBlogImage } from '../../src/features/blog/blog-images.server.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Pictures in blog posts (docs/decisions/0400): administrators upload (multipart file + alt), anyone
// reads the stored picture by its content-addressed name.
export default withApi(
  { maxBodyBytes: BLOG_IMAGE_MAX_BYTES + 64 * 1024 },
  serve(ROUTES.blogImageUpload, async (ctx) => {
    // The role is checked before a byte of the body is read.
    return reply(ROUTES.blogImageUpload, await uploadBlogImage(ctx.req), { status: 201 });
  }),
  serve(ROUTES.blogImage, async (ctx) => replyWith(ROUTES.blogImage, await blogImageResponse(ctx.params.name))),
);

export const config: Config = { path: ['/api/admin/blog/images', '/api/blog/images/:name'] };
