import { describe, expect, it } from 'vitest';
import { articleTags, setBlogCacheHeaders, tagsAfterChange } from './cdn-cache.ts';
import { blogSitemapXml } from './sitemap.ts';

describe('CDN cache tags of the on-demand blog', () => {
  it('tags an article by post and by category, and purges both versions after a change', () => {
    expect(articleTags({ slug: 'a', category: 'Engine & Powerplant' })).toEqual([
      'blog',
      'blog-post-a',
      'blog-related-engine-and-powerplant',
    ]);
    expect(tagsAfterChange({ slug: 'a', category: 'Safety' }, { slug: 'a', category: 'Avionics' })).toEqual([
      'blog-list',
      'blog-post-a',
      'blog-related-safety',
      'blog-related-avionics',
    ]);
  });

  it('sets durable CDN caching with stale-while-revalidate, and browsers always revalidate', () => {
    const headers = new Headers();
    setBlogCacheHeaders(headers, ['blog', 'blog-list']);
    expect(headers.get('Netlify-CDN-Cache-Control')).toBe(
      'public, durable, max-age=86400, stale-while-revalidate=604800',
    );
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(headers.get('Netlify-Cache-Tag')).toBe('blog,blog-list');
  });

  it('lists every list page, category page and article in the blog sitemap', () => {
    const xml = blogSitemapXml(
      'https://example.com',
      [{ slug: 'x', updatedAt: '2026-01-01T00:00:00.000Z' }],
      [{ id: 'safety', name: 'Safety', postCount: 7 }],
      6,
    );
    // A list page and an article have one address each, without the trailing slash (docs/decisions/0400, 0460).
    expect(xml).toContain('<loc>https://example.com/blog</loc>');
    expect(xml).toContain('<loc>https://example.com/blog/category/safety</loc>');
    expect(xml).toContain('<loc>https://example.com/blog/category/safety/page/2</loc>');
    expect(xml).not.toMatch(/\/<\/loc>/);
    expect(xml).toContain('<loc>https://example.com/blog/x</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod>');
  });
});
