import { describe, expect, it } from 'vitest';
import { loadContentLibrary, parseLibraryFile } from './content-library.server.ts';

describe('the content/blog library', () => {
  const library = loadContentLibrary();

  it('has at least 10 complete, published-ready articles across several categories', () => {
    expect(library.length).toBeGreaterThanOrEqual(10);
    expect(new Set(library.map((a) => a.category)).size).toBeGreaterThanOrEqual(3);
    for (const a of library) {
      expect(a.title, a.slug).not.toBe('');
      expect(a.excerpt, a.slug).not.toBe('');
      expect(a.tags.length, a.slug).toBeGreaterThan(0);
      expect(a.seoKeywords.length, a.slug).toBeGreaterThan(0);
      expect(a.content, a.slug).toMatch(/<h2>/);
      expect(a.readingTime, a.slug).toBeGreaterThanOrEqual(3);
      expect(a.metaDescription.length, a.slug).toBeLessThanOrEqual(320);
      expect(Number.isNaN(a.publishedAt.getTime()), a.slug).toBe(false);
    }
  });

  it("gives each article its title as its meta title: an article's <title> is its meta title alone, one pattern (docs/decisions/0461)", () => {
    for (const a of library) expect(a.metaTitle, a.slug).toBe(a.title);
  });

  it('is sorted newest first with unique slugs', () => {
    const times = library.map((a) => a.publishedAt.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(new Set(library.map((a) => a.slug)).size).toBe(library.length);
  });
});

describe('parseLibraryFile', () => {
  it('converts Markdown to sanitized HTML and fills meta fields', () => {
    const a = parseLibraryFile(
      'my-post.md',
      '---\ntitle: "Hello"\ncategory: Tips\nauthor: "A B"\npublishedAt: 2025-01-02\n---\n\n## Part\n\nText <script>x</script> [l](javascript:alert(1))\n',
    );
    expect(a.slug).toBe('my-post');
    expect(a.content).toContain('<h2>Part</h2>');
    expect(a.content).not.toMatch(/script|javascript/);
    expect(a.metaTitle).toBe('Hello');
    expect(a.metaDescription).toContain('Part Text');
    expect(a.publishedAt.toISOString()).toBe('2025-01-02T12:00:00.000Z');
  });

  it('names the file when its frontmatter is invalid', () => {
    expect(() => parseLibraryFile('bad.md', '---\ntitle: ""\n---\nbody')).toThrow(/bad\.md/);
  });
});
