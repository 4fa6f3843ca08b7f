import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination.ts';

describe('paginationWindow', () => {
  it('shows nothing for a single page', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([]);
  });

  it('shows every page when they all fit in the window', () => {
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first and last, two either side of the current page, ellipses for gaps', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(paginationWindow(5, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 10]);
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis', 8, 9, 10]);
    expect(paginationWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 10]);
  });

  it('clamps a page outside the range', () => {
    expect(paginationWindow(99, 4)).toEqual([1, 2, 3, 4]);
  });
});
