import { BlogPostSchema, type BlogPostData, type BlogPostInput } from '../../contract/blog.ts';
import { type BlogPost } from '../../contract/blog-constants.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { parseWith } from '../../server/http/with-api.ts';
import { purgeBlogPages } from './cache-purge.server.ts';
import { TAG_BLOG, tagsAfterChange } from './cdn-cache.ts';
import { loadContentLibrary } from './content-library.server.ts';
import type { GenerateSummary } from '../../contract/blog-constants.ts';
import { createPost, findPost, updatePost } from './posts.server.ts';
import { deletePost, restorePost } from './posts-trash.server.ts';
import { generateSummary, replaceAllWithLibrary } from './library-posts.server.ts';
import { metaFor } from './text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The post id of a path; a malformed id cannot name a post, so it is a 404 (never a query). */
export function postId(raw: string | undefined): string {
  if (!raw || !UUID.test(raw)) throw notFound('Post not found');
  return raw;
}

// Readers see pages the CDN keeps until a change purges them (docs/decisions/0033-blog-on-demand.md):
// any change to what is (or was) published purges the post's page, its category's and the lists.

export async function adminCreatePost(db: Db, input: BlogPostData): Promise<BlogPost> {
  const post = await createPost(db, input);
  if (post.published) await purgeBlogPages(tagsAfterChange(post));
  return post;
}

export async function adminGetPost(db: Db, id: string): Promise<BlogPost> {
  const post = await findPost(db, id);
  if (!post) throw notFound('Post not found');
  return post;
}

/** The fields a PUT may change, as the post has them now. */
function editable(post: BlogPost): BlogPostInput {
  const { title, category, content, excerpt, tags, seoKeywords, published, metaTitle, metaDescription, author } = post;
  return { title, category, content, excerpt, tags, seoKeywords, published, metaTitle, metaDescription, author };
}

/**
 * PUT sends the whole post (the admin dialog does); fields left out keep their current value, so
 * a client toggling only `published` does not wipe the rest. The result is validated as a whole.
 * A meta field still equal to what was generated for the post counts as generated: it is
 * generated again from the new title/excerpt/content instead of going stale.
 */
export async function adminUpdatePost(db: Db, id: string, body: Record<string, unknown>): Promise<BlogPost> {
  const current = (await findPost(db, id)) ?? (await missingPost(db, id));
  const merged: Record<string, unknown> = { ...editable(current), ...body };
  const generated = metaFor({ title: current.title, excerpt: current.excerpt, content: current.content });
  if (merged['metaTitle'] === generated.metaTitle) merged['metaTitle'] = '';
  if (merged['metaDescription'] === generated.metaDescription) merged['metaDescription'] = '';
  const input: BlogPostData = parseWith(BlogPostSchema, merged);
  const result = await updatePost(db, id, input);
  if (!result) return missingPost(db, id);
  if (result.before.published || result.post.published)
    await purgeBlogPages(tagsAfterChange(result.before, result.post));
  return result.post;
}

/**
 * Why a save found no post: deleted in another tab or by another administrator (a
 * stale tab's save said only "Failed to update post"). The editor keeps the text.
 */
async function missingPost(db: Db, id: string): Promise<never> {
  const trashed = await db.selectFrom('blogPostsTrash').select('id').where('id', '=', id).executeTakeFirst();
  // A post never seen in the trash keeps the answer unknown ids always had.
  throw notFound(
    trashed
      ? 'This post was deleted (in another tab or by another administrator) and is in the trash. Your text is still here: copy it, or restore the post from the trash and edit it again.'
      : 'Post not found',
  );
}

/** Deletes into the trash (restorable for 30 days). */
export async function adminDeletePost(db: Db, id: string): Promise<void> {
  const deleted = await deletePost(db, id);
  if (!deleted) throw notFound('Post not found');
  if (deleted.published) await purgeBlogPages(tagsAfterChange(deleted));
}

/** Brings a post back from the trash. */
export async function adminRestorePost(db: Db, id: string): Promise<BlogPost> {
  const post = await restorePost(db, id);
  if (!post) throw notFound('This post is not in the trash (restored already, or removed more than 30 days ago).');
  if (post.published) await purgeBlogPages(tagsAfterChange(post));
  return post;
}

/** What Generate would replace, for the console's confirmation. */
export function adminGenerateSummary(db: Db): Promise<GenerateSummary> {
  return generateSummary(db, loadContentLibrary());
}

/** Replaces every post with the content/blog library in one transaction; the replaced go to the trash. */
export async function adminGenerateInitialContent(db: Db): Promise<number> {
  const created = await replaceAllWithLibrary(db, loadContentLibrary());
  await purgeBlogPages([TAG_BLOG]);
  return created;
}
