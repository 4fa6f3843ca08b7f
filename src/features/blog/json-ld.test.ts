import { describe, expect, it } from 'vitest';
import type { BlogPost } from '../../contract/blog-constants.ts';
import { articleJsonLd } from './json-ld.ts';

const post = {
  id: '1',
  title: 'A </script><script>alert(1)</script> title',
  slug: 's',
  content: '',
  excerpt: '',
  category: 'C',
  tags: ['t'],
  seoKeywords: ['k'],
  published: true,
  metaTitle: 'M',
  metaDescription: 'D',
  authorName: 'Ann Author',
  author: 'Ann Author',
  createdAt: '2025-01-01T00:00:00.000Z',
  publishedAt: '2025-01-02T00:00:00.000Z',
  updatedAt: '2025-01-03T00:00:00.000Z',
  readingTime: 4,
  views: 0,
} satisfies BlogPost;

describe('articleJsonLd', () => {
  it('describes the article and its breadcrumb, and cannot close its script element', () => {
    const text = articleJsonLd(post, 'https://x.test/blog/s/', 'https://x.test/', 'Skyward');
    expect(text).not.toContain('</script>');
    const [article, crumbs] = JSON.parse(text);
    expect(article).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.publishedAt,
      author: { '@type': 'Person', name: 'Ann Author' },
      timeRequired: 'PT4M',
    });
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Blog', post.title]);
    // The blog's one address, as its links write it (docs/decisions/0460).
    expect(crumbs.itemListElement[1].item).toBe('https://x.test/blog');
  });

  it('names the business as the author of a post without one', () => {
    const unsigned = { ...post, author: '', authorName: 'Skyward Mobile Aviation' };
    const [article] = JSON.parse(
      articleJsonLd(unsigned, 'https://x.test/blog/s', 'https://x.test/', 'Skyward Mobile Aviation'),
    );
    expect(article.author).toEqual({
      '@type': 'Organization',
      name: 'Skyward Mobile Aviation',
      url: 'https://x.test/',
    });
  });
});
