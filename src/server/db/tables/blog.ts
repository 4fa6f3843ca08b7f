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
  /** Generated tsvector; read in search queries only, never written. */
  search: ColumnType<string, never, never>;
}

export interface BlogTables {
  blogPosts: BlogPostsTable;
}
