import { describe, expect, it } from 'vitest';
import { renderArticle, renderCard, renderChips, renderEmpty, renderPagination, type ArticlePost } from './render.ts';

const post: ArticlePost = {
  id: '1',
  title: 'Corrosion <Basics>',
  slug: 'corrosion-basics',
  excerpt: '',
  content: `<p>${'x'.repeat(200)}</p>`,
  category: 'Maintenance Tips',
  tags: ['a', 'b', 'c', 'd', 'e'],
  authorName: 'Mike Reynolds, A&P/IA',
  publishedAt: '2025-09-08T12:00:00.000Z',
  createdAt: '2025-01-01T12:00:00.000Z',
  updatedAt: '2025-09-08T12:00:00.000Z',
  views: 1234,
  readingTime: 7,
};

describe('renderCard', () => {
  it('shows every element of a card, escaped', () => {
    const html = renderCard(post);
    expect(html).toContain('Maintenance Tips');
    expect(html).toContain('7 min read');
    expect(html).toContain('href="/blog/corrosion-basics"');
    expect(html).toContain('Corrosion &#60;Basics&#62;');
    expect(html).toContain(`${'x'.repeat(150)}...`);
    expect(html).toContain('>MR<');
    expect(html).toContain('Mike Reynolds, A&#38;P/IA');
    expect(html).toContain('September 8, 2025');
    expect(html).toContain('1,234 views');
    expect(html).toContain('+2 more');
    expect(html).not.toContain('>d<');
  });

  it('uses the created date when the post has no published date', () => {
    expect(renderCard({ ...post, publishedAt: null })).toContain('January 1, 2025');
  });
});

describe('list parts', () => {
  it('renders chips with counts and marks the active one', () => {
    const html = renderChips({
      categories: [{ id: 'tips', name: 'Tips', postCount: 3 }],
      active: 'tips',
      hrefFor: (c) => (c ? `/blog/category/${c.id}/` : '/blog/'),
    });
    expect(html).toContain('All Articles');
    expect(html).toMatch(/href="\/blog\/category\/tips\/" aria-current="page">Tips \(3\)/);
  });

  it('renders the empty states', () => {
    expect(renderEmpty(true)).toContain('Try adjusting your search or filter criteria.');
    expect(renderEmpty(true)).toContain('View All Articles');
    expect(renderEmpty(false)).toContain('Check back soon for aviation maintenance insights and tips.');
    expect(renderEmpty(false)).not.toContain('View All Articles');
  });

  it('renders numbered pagination with Previous and Next', () => {
    const html = renderPagination(5, 10, (n) => `/blog/page/${n}/`);
    expect(html).toContain('Previous');
    expect(html).toContain('Next');
    expect(html).toContain('aria-current="page" aria-label="Page 5"');
    expect(html.match(/…/g)).toHaveLength(2);
    expect(renderPagination(1, 1, String)).toBe('');
    expect(renderPagination(1, 2, String)).toMatch(/aria-disabled="true">.*Previous/);
  });
});

describe('renderArticle', () => {
  it('shows breadcrumb, share buttons, tags, content and related articles', () => {
    const html = renderArticle(
      post,
      [{ ...post, slug: 'other', title: 'Other' }],
      'https://example.com/blog/corrosion-basics/',
    );
    expect(html).toMatch(/Home.*Blog.*Corrosion &#60;Basics&#62;/s);
    expect(html).toContain(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.com%2Fblog%2Fcorrosion-basics%2F&#38;text=Corrosion%20%3CBasics%3E',
    );
    expect(html).toContain('data-share-popup="width=600,height=400"');
    expect(html).toContain('facebook.com/sharer');
    expect(html).toContain('linkedin.com/sharing');
    expect(html).toContain('Related Articles');
    expect(html).toContain(`${'x'.repeat(120)}...`);
    expect(html).toContain('Back to All Articles');
    expect(html).toContain('>e<');
  });
});
