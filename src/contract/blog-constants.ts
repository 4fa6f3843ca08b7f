/** The blog's numbers, texts and JSON shapes (no runtime dependencies: safe for browser scripts). */

/** docs/product.md §9 and the blog's own bounds: one place for every blog number. */
export const BLOG_PAGE_SIZE = 6;
export const BLOG_RELATED = 3;
export const BLOG_CARD_TAGS = 3;
export const BLOG_EXCERPT_LIST = 150;
export const BLOG_EXCERPT_RELATED = 120;
/** Largest `limit` the public list accepts; bigger values are capped to it. */
export const BLOG_MAX_LIMIT = 50;
/** Deleted and replaced posts can be restored for this many days. */
export const BLOG_TRASH_DAYS = 30;
/** Pages shown either side of the current one in the numbered pagination. */
export const BLOG_PAGINATION_WINDOW = 2;
/** Reading speed behind `readingTime` (words per minute, rounded up, at least 1 minute). */
export const BLOG_WORDS_PER_MINUTE = 225;
/** Generated meta description length (what search engines show). */
export const BLOG_META_DESCRIPTION_LENGTH = 155;
/** Share popups (docs/product.md §9). */
export const BLOG_SHARE_POPUP = { width: 600, height: 400 } as const;

/** Public texts of the blog list and article (docs/product.md §2). */
export const BLOG_TEXT = {
  ctaTitle: 'Need this done on your aircraft?',
  ctaText:
    'An FAA certified A&P mechanic comes to your hangar. Tell us about your aircraft and get a free quote within 24 hours.',
  ctaLink: 'Request a free quote',
  feedLink: 'RSS feed',
  listTitle: 'Aviation Maintenance Insights',
  allArticles: 'All Articles',
  emptyTitle: 'No articles found',
  emptyFiltered: 'Try adjusting your search or filter criteria.',
  emptyUnfiltered: 'Check back soon for aviation maintenance insights and tips.',
  viewAll: 'View All Articles',
  notFoundTitle: 'Article Not Found',
  notFoundMessage: 'This article does not exist or is no longer published.',
  backToBlog: 'Back to Blog',
  backToAll: 'Back to All Articles',
  related: 'Related Articles',
} as const;

/** A post as every blog call answers it (JSON: dates are ISO strings). */
export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  category: string;
  tags: string[];
  seoKeywords: string[];
  published: boolean;
  metaTitle: string;
  metaDescription: string;
  /** The byline shown: the post's author, else the business's name. */
  authorName: string;
  /** The author as typed in the console; empty when the post has none. */
  author: string;
  createdAt: string;
  publishedAt: string | null;
  updatedAt: string;
  readingTime: number;
  views: number;
}

export interface BlogCategory {
  id: string;
  name: string;
  postCount: number;
}

export interface BlogPagination {
  page: number;
  pages: number;
  total: number;
  limit: number;
}

export interface BlogListResponse {
  success: true;
  data: BlogPost[];
  pagination: BlogPagination;
}

/** A deleted or replaced post in the trash (GET /api/blog/admin/posts?status=trash). */
export interface TrashedBlogPost extends BlogPost {
  trashedAt: string;
  /** When it leaves the trash for good. */
  purgeAt: string;
  reason: 'deleted' | 'replaced';
}

/** What 'Generate Professional Content' would replace (GET /api/blog/admin/generate-initial-content). */
export interface GenerateSummary {
  /** Posts that would go to the trash. */
  posts: number;
  /** Of those, written or edited by hand (not a library article as generated). */
  handWritten: number;
  /** Articles the library would insert. */
  library: number;
}
