import { loadContentLibrary } from '../../src/features/blog/content-library.server.ts';
import { insertLibrary } from '../../src/features/blog/library-posts.server.ts';
import type { Db } from '../../src/server/db/client.ts';

/**
 * An empty blog (first run) gets the content/blog library as published posts. Once there is any
 * post the database is the source of truth and is left alone; the admin's 'Generate Professional
 * Content' is the way to reload the library.
 */
export async function seedBlog(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('blogPosts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return 0;
  return insertLibrary(db, loadContentLibrary());
}
