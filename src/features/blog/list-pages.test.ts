import { describe, expect, it } from 'vitest';
import { extraPages, listHref, listPage } from './list-pages.ts';

const posts = Array.from({ length: 13 }, (_, i) => ({ n: i + 1, category: i % 2 ? 'Odd' : 'Even' }));
const even = { id: 'even', name: 'Even', postCount: 7 };

describe('list pages', () => {
  it('slices pages of 6 and counts pages', () => {
    const first = listPage(posts, [], null, 1);
    expect(first.posts.map((p) => p.n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first).toMatchObject({ page: 1, pages: 3, total: 13 });
    expect(listPage(posts, [], null, 3).posts.map((p) => p.n)).toEqual([13]);
    const cat = listPage(posts, [even], even, 2);
    expect(cat.posts.map((p) => p.n)).toEqual([13]);
    expect(cat).toMatchObject({ pages: 2, total: 7 });
  });

  it('lists the extra static pages and their links', () => {
    expect(extraPages(13)).toEqual([2, 3]);
    expect(extraPages(6)).toEqual([]);
    expect(extraPages(0)).toEqual([]);
    expect(listHref(null)).toBe('/blog');
    expect(listHref(null, 2)).toBe('/blog/page/2');
    expect(listHref(even)).toBe('/blog/category/even');
    expect(listHref(even, 3)).toBe('/blog/category/even/page/3');
  });
});
