import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { BLOG_RELATED, type BlogCategory, type BlogPost } from '../../contract/blog-constants.ts';
import type { Database } from '../../server/db/schema.ts';
import { loadContentLibrary } from './content-library.server.ts';
import { allPublished } from './posts.server.ts';
import { slugify } from './slug.ts';

export interface BlogBuildData {
  /** Every published post, newest first. */
  posts: BlogPost[];
  categories: BlogCategory[];
  /** Where the posts came from: the database, or the content library when none was reachable. */
  source: 'database' | 'library';
}

/** A build must not wait minutes for a database that is not there. */
const CONNECT_TIMEOUT_MS = 8000;

export function categoriesOf(posts: BlogPost[]): BlogCategory[] {
  const counts = new Map<string, number>();
  for (const p of posts) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, postCount]) => ({ id: slugify(name), name, postCount }));
}

/** Up to 3 other published posts of the same category, newest first. */
export function relatedTo(post: BlogPost, posts: BlogPost[]): BlogPost[] {
  return posts.filter((p) => p.category === post.category && p.id !== post.id).slice(0, BLOG_RELATED);
}

async function fromDatabase(url: string): Promise<BlogPost[]> {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }) }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    return await allPublished(db);
  } finally {
    await db.destroy();
  }
}

function fromLibrary(): BlogPost[] {
  return loadContentLibrary().map((a) => {
    const date = a.publishedAt.toISOString();
    return {
      id: `library:${a.slug}`,
      title: a.title,
      slug: a.slug,
      content: a.content,
      excerpt: a.excerpt,
      category: a.category,
      tags: a.tags,
      seoKeywords: a.seoKeywords,
      published: true,
      metaTitle: a.metaTitle,
      metaDescription: a.metaDescription,
      authorName: a.authorName,
      createdAt: date,
      publishedAt: date,
      updatedAt: date,
      readingTime: a.readingTime,
      views: 0,
    };
  });
}

async function load(): Promise<BlogBuildData> {
  const url = process.env['DATABASE_URL'] || process.env['NETLIFY_DB_URL'];
  if (url) {
    try {
      const posts = await fromDatabase(url);
      return { posts, categories: categoriesOf(posts), source: 'database' };
    } catch (error) {
      console.warn(`[blog] Database not readable at build (${error instanceof Error ? error.message : String(error)}); prerendering the content/blog library instead.`);
    }
  } else {
    console.warn('[blog] No database configured at build; prerendering the content/blog library.');
  }
  const posts = fromLibrary();
  return { posts, categories: categoriesOf(posts), source: 'library' };
}

let cached: Promise<BlogBuildData> | undefined;

/**
 * The published blog as the build prerenders it: read once per build (every blog page and the
 * RSS feed share it) from the database, the source of truth. When no database is reachable the
 * content library stands in, so a build never fails; the client-side refresh and the fallback
 * page then read the live API.
 */
export function blogBuildData(): Promise<BlogBuildData> {
  cached ??= load();
  return cached;
}
