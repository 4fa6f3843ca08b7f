import { sql, type Kysely } from 'kysely';

// 'Generate Professional Content' and Delete keep what they remove. A removed post is
// kept whole (as the API answers it, views included) for 30 days, and can be restored.
// A table of its own rather than a flag on blog_posts: every public read stays as it is, and the
// library Generate inserts may reuse the slugs of the posts it replaced.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_posts_trash')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('post', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('deleted', 'replaced')`))
    .addColumn('trashed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index blog_posts_trash_trashed_at_idx on blog_posts_trash (trashed_at desc)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_posts_trash').execute();
}
