import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // array_to_string is only STABLE (it calls the element type's output function), so a generated
  // column cannot use it directly; for text[] the result never changes, hence this IMMUTABLE wrapper.
  await sql`
    create function blog_tags_text(tags text[]) returns text
    language sql immutable parallel safe
    as $$ select coalesce(array_to_string(tags, ' '), '') $$
  `.execute(db);

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('seo_keywords', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('meta_title', 'text', (c) => c.notNull())
    .addColumn('meta_description', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('reading_time', 'integer', (c) => c.notNull().check(sql`reading_time >= 1`))
    .addColumn('views', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`views >= 0`),
    )
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Full-text search document, weighted: title A, excerpt and tags B, content C. The default
    // parser classifies HTML tags and entities as their own token types, which the english
    // configuration drops, so the stored HTML can be indexed as is.
    .addColumn('search', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', excerpt || ' ' || blog_tags_text(tags)), 'B') ||
        setweight(to_tsvector('english', content), 'C')
      `,
        )
        .stored(),
    )
    .execute();

  await sql`create index blog_posts_search_idx on blog_posts using gin (search)`.execute(db);
  // The public list: published posts, newest first.
  await sql`create index blog_posts_published_idx on blog_posts (published_at desc) where published`.execute(db);
  await db.schema.createIndex('blog_posts_category_idx').on('blog_posts').column('category').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_posts').ifExists().execute();
  await sql`drop function if exists blog_tags_text(text[])`.execute(db);
}
