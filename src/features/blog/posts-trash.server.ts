import { BLOG_TRASH_DAYS, type BlogPost, type TrashedBlogPost } from '../../contract/blog-constants.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import { COLUMNS, iso, toBlogPost } from './posts.server.ts';

// The trash: a removed post kept whole for BLOG_TRASH_DAYS, and brought back at its own address.

const DAY_MS = 24 * 60 * 60 * 1000;
const trashCutoff = () => new Date(Date.now() - BLOG_TRASH_DAYS * DAY_MS);

/** Keeps removed posts whole in the trash (a post trashed again replaces its older copy). */
export async function toTrash(db: Db, posts: BlogPost[], reason: 'deleted' | 'replaced'): Promise<void> {
  // Posts older than the trash's time are gone for good; done here, where the trash grows.
  await db.deleteFrom('blogPostsTrash').where('trashedAt', '<', trashCutoff()).execute();
  if (!posts.length) return;
  await db
    .insertInto('blogPostsTrash')
    .values(posts.map((post) => ({ id: post.id, post: JSON.stringify(post), reason })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        post: eb.ref('excluded.post'),
        reason: eb.ref('excluded.reason'),
        trashedAt: new Date(),
      })),
    )
    .execute();
}

/** Deletes a post into the trash, from where it can be restored for BLOG_TRASH_DAYS. */
export async function deletePost(db: Db, id: string): Promise<BlogPost | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('blogPosts').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    if (!row) return undefined;
    const post = toBlogPost(row);
    await toTrash(trx, [post], 'deleted');
    return post;
  });
}

/** The trash, most recently removed first (only what is younger than BLOG_TRASH_DAYS). */
export async function listTrash(db: Db): Promise<TrashedBlogPost[]> {
  const rows = await db
    .selectFrom('blogPostsTrash')
    .selectAll()
    .where('trashedAt', '>=', trashCutoff())
    .orderBy('trashedAt', 'desc')
    .execute();
  return rows.map((r) => ({
    ...(r.post as unknown as BlogPost),
    trashedAt: iso(r.trashedAt),
    purgeAt: new Date(new Date(r.trashedAt).getTime() + BLOG_TRASH_DAYS * DAY_MS).toISOString(),
    reason: r.reason,
  }));
}

/**
 * Brings a post back from the trash with its id, views and dates, at its own address (a
 * "-2" address showed the post twice on /blog and in the feed). When a live post has
 * taken that address meanwhile (Generate reuses the library's), it is not restored: a 409 names
 * that post, and the trash keeps this one. Undefined when the trash holds no such post.
 */
export async function restorePost(db: Db, id: string): Promise<BlogPost | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('blogPostsTrash')
      .where('id', '=', id)
      .where('trashedAt', '>=', trashCutoff())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const post = row.post as unknown as BlogPost;
    const holder = await trx.selectFrom('blogPosts').select(['title']).where('slug', '=', post.slug).executeTakeFirst();
    // Thrown inside the transaction: the delete from the trash is rolled back with it.
    if (holder) throw conflict(restoreBlockedDetail(post.slug, holder.title));
    const slug = post.slug;
    const restored = await trx
      .insertInto('blogPosts')
      .values({
        id: post.id,
        title: post.title,
        slug,
        content: post.content,
        excerpt: post.excerpt,
        category: post.category,
        tags: post.tags,
        seoKeywords: post.seoKeywords,
        published: post.published,
        metaTitle: post.metaTitle,
        metaDescription: post.metaDescription,
        // A post trashed before posts had an author field carries only its byline.
        authorName: post.author ?? post.authorName,
        readingTime: post.readingTime,
        views: post.views,
        publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
        createdAt: new Date(post.createdAt),
        updatedAt: new Date(post.updatedAt),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!restored) throw conflict('A post with this id already exists.');
    return toBlogPost(restored);
  });
}

/** Why a trashed post cannot go back to its address (said by the console beside Restore). */
export function restoreBlockedDetail(slug: string, holderTitle: string): string {
  return `This post cannot go back to its address /blog/${slug}: the post “${holderTitle}” has it now. Move that post to the trash first, then restore this one.`;
}
