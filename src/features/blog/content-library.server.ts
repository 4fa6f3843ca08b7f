import matter from 'gray-matter';
import { marked } from 'marked';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BLOG_LIMITS } from '../../contract/blog.ts';
import { sanitizeArticleHtml, plainText } from './sanitize.server.ts';
import { RESERVED_SLUGS, slugify } from './slug.ts';
import { metaFor, readingTimeMinutes } from './text.ts';

/** One article of the curated library, ready to be stored as a published post. */
export interface LibraryArticle {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  seoKeywords: string[];
  authorName: string;
  publishedAt: Date;
  metaTitle: string;
  metaDescription: string;
  /** Sanitized HTML converted from the Markdown body. */
  content: string;
  readingTime: number;
}

const list = z.array(z.string().trim().min(1).max(BLOG_LIMITS.tag)).max(BLOG_LIMITS.tags).default([]);

const FrontmatterSchema = z.object({
  title: z.string().trim().min(1).max(BLOG_LIMITS.title),
  excerpt: z.string().trim().max(BLOG_LIMITS.excerpt).default(''),
  category: z.string().trim().min(1).max(BLOG_LIMITS.category),
  tags: list,
  seoKeywords: list,
  author: z.string().trim().min(1).max(120),
  // YAML reads an unquoted 2025-09-08 as a Date and a quoted one as text: accept both.
  publishedAt: z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'publishedAt must be YYYY-MM-DD')]),
  metaTitle: z.string().trim().max(BLOG_LIMITS.metaTitle).optional(),
  metaDescription: z.string().trim().max(BLOG_LIMITS.metaDescription).optional(),
  slug: z.string().trim().optional(),
});

/**
 * Where the library lives. Functions are shipped with `content/blog/**` (netlify.toml
 * `included_files`) and run with the site root as working directory, as do the local server,
 * the build and the tests; the module-relative path covers scripts started from elsewhere.
 */
export function libraryDir(): string {
  const candidates = [path.resolve(process.cwd(), 'content/blog')];
  try {
    candidates.push(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/blog'));
  } catch {
    /* bundled: import.meta.url may not be a file URL */
  }
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`The blog content library was not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Noon UTC: the same calendar date in every time zone a reader may be in. */
function dateOf(value: Date | string): Date {
  const day = typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
  return new Date(`${day}T12:00:00Z`);
}

export function parseLibraryFile(fileName: string, source: string): LibraryArticle {
  const { data, content: markdown } = matter(source);
  const parsed = FrontmatterSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`content/blog/${fileName} has invalid frontmatter: ${problems}`);
  }
  const fm = parsed.data;
  const content = sanitizeArticleHtml(marked.parse(markdown, { async: false, gfm: true }));
  const title = plainText(fm.title);
  const excerpt = plainText(fm.excerpt);
  const meta = metaFor({
    title,
    excerpt,
    content,
    metaTitle: plainText(fm.metaTitle ?? ''),
    metaDescription: plainText(fm.metaDescription ?? ''),
  });
  return {
    slug: slugify(fm.slug || fileName.replace(/\.mdx?$/, '')),
    title,
    excerpt,
    category: plainText(fm.category),
    tags: fm.tags.map(plainText).filter(Boolean),
    seoKeywords: fm.seoKeywords.map(plainText).filter(Boolean),
    authorName: plainText(fm.author),
    publishedAt: dateOf(fm.publishedAt),
    ...meta,
    content,
    readingTime: readingTimeMinutes(content),
  };
}

/** Every article of content/blog, newest first. Throws on an invalid file: never ships half a library. */
export function loadContentLibrary(dir = libraryDir()): LibraryArticle[] {
  const files = readdirSync(dir)
    .filter((f) => /\.mdx?$/.test(f) && !f.startsWith('_'))
    .sort();
  const articles = files.map((f) => parseLibraryFile(f, readFileSync(path.join(dir, f), 'utf8')));
  const seen = new Set<string>();
  for (const a of articles) {
    if (seen.has(a.slug)) throw new Error(`Two articles of content/blog have the slug "${a.slug}"`);
    if (RESERVED_SLUGS.has(a.slug))
      throw new Error(`content/blog: "${a.slug}" is a reserved path under /blog; rename the file`);
    seen.add(a.slug);
  }
  return articles.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}
