import { describe, expect, it } from 'vitest';
import type { BlogPost } from '../../contract/blog-constants.ts';
import { categoriesOf, relatedTo } from './build-data.server.ts';

const post = (id: string, category: string) => ({ id, category }) as BlogPost;

describe('build data', () => {
  it('counts categories alphabetically with slug ids', () => {
    expect(categoriesOf([post('1', 'Tips'), post('2', 'Avionics'), post('3', 'Tips'), post('4', 'Regulations & Compliance')])).toEqual([
      { id: 'avionics', name: 'Avionics', postCount: 1 },
      { id: 'regulations-and-compliance', name: 'Regulations & Compliance', postCount: 1 },
      { id: 'tips', name: 'Tips', postCount: 2 },
    ]);
  });

  it('relates up to 3 other posts of the same category, in order', () => {
    const all = [post('1', 'A'), post('2', 'A'), post('3', 'B'), post('4', 'A'), post('5', 'A'), post('6', 'A')];
    expect(relatedTo(all[0]!, all).map((p) => p.id)).toEqual(['2', '4', '5']);
    expect(relatedTo(all[2]!, all)).toEqual([]);
  });
});
