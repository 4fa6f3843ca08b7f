import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './foundation.ts';

export interface BlogPostsTable {
  id: Generated<string>;
  title: string;
  slug: string;
  /** Sanitized HTML (sanitize.server.ts), never raw input. */
  content: string;
  excerpt: Generated<string>;
  category: string;
  tags: Generated<string[]>;
  seoKeywords: Generated<string[]>;
  published: Generated<boolean>;
  metaTitle: string;
  metaDescription: string;
  authorName: string;
  readingTime: number;
  views: Generated<number>;
  publishedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** Generated tsvector (null where its inputs are); read in search queries only, never written. */
  search: ColumnType<string | null, never, never>;
}

/** A deleted or replaced post, kept whole for BLOG_TRASH_DAYS (migration 0012). */
export interface BlogPostsTrashTable {
  /** The post's own id. */
  id: string;
  /** The post as the API answers it (BlogPost), views and dates included. */
  post: ColumnType<Record<string, unknown>, string, string>;
  reason: 'deleted' | 'replaced';
  trashedAt: Generated<Date>;
}

export interface BlogTables {
  blogPosts: BlogPostsTable;
  blogPostsTrash: BlogPostsTrashTable;
}
