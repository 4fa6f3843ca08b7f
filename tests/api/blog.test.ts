import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentLibrary } from '../../src/features/blog/content-library.server.ts';
import { GENERATE_RUNNING_DETAIL } from '../../src/features/blog/library-posts.server.ts';
import { api, call } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import type { TrashedBlogPost } from '../../src/contract/blog-constants.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// One file on purpose: 'Generate Professional Content' replaces every post, so it runs last and
// nothing else of the blog runs beside it. Other suites never touch blog_posts; every list
// assertion here still scopes itself with a category of its own.

let admin: TestUser;
let run = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now()}-${++run}`;

interface PostBody {
  title?: string;
  category?: string;
  content?: string;
  excerpt?: string;
  tags?: string[] | string;
  seoKeywords?: string[] | string;
  published?: boolean;
  metaTitle?: string;
  metaDescription?: string;
  author?: string | null;
}

async function createPost(body: PostBody) {
  const res = await callRoute(ROUTES.blogAdminCreate, {
    unchecked: { content: '<p>Body text.</p>', published: true, ...body },
    as: admin,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

beforeAll(async () => {
  admin = await createUser('admin', { firstName: 'Avery', lastName: 'Admin' });
});

describe('public list GET /api/blog/posts', () => {
  it('paginates: 13 published posts at limit 6 are 3 pages, newest first', async () => {
    const category = unique('Pagination');
    for (let i = 1; i <= 13; i += 1) await createPost({ title: `Post ${i} ${category}`, category });
    await createPost({ title: `Draft ${category}`, category, published: false });

    const first = await callRoute(ROUTES.blogPosts, { query: { page: '1', limit: '6', category: category } });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.pagination).toEqual({ page: 1, pages: 3, total: 13, limit: 6 });
    expect(first.body.data).toHaveLength(6);
    expect(first.body.data[0]!.title).toBe(`Post 13 ${category}`);
    const last = await callRoute(ROUTES.blogPosts, { query: { page: '3', limit: '6', category: category } });
    expect(last.body.data.map((p: { title: string }) => p.title)).toEqual([`Post 1 ${category}`]);
    expect(last.body.pagination).toMatchObject({ page: 3, pages: 3, total: 13 });
    const beyond = await callRoute(ROUTES.blogPosts, { query: { page: '9', category: category } });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    const far = await callRoute(ROUTES.blogPosts, { query: { page: '99999999999999999999', category: category } });
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
  });

  it('answers every field of a post', async () => {
    const category = unique('Fields');
    await createPost({ title: `Fields ${category}`, category, excerpt: 'Short', tags: ['a', 'b'], seoKeywords: ['k'] });
    const res = await callRoute(ROUTES.blogPosts, { query: { category: category } });
    const post = res.body.data[0];
    expect(Object.keys(post!).sort()).toEqual(
      [
        'id',
        'title',
        'slug',
        'content',
        'excerpt',
        'category',
        'tags',
        'seoKeywords',
        'published',
        'metaTitle',
        'metaDescription',
        'authorName',
        'author',
        'createdAt',
        'publishedAt',
        'updatedAt',
        'readingTime',
        'views',
      ].sort(),
    );
    expect(post).toMatchObject({
      excerpt: 'Short',
      tags: ['a', 'b'],
      seoKeywords: ['k'],
      published: true,
      // No author typed: the byline is the business's, never the account that saved the post.
      author: '',
      authorName: 'Skyward Mobile Aviation',
      views: 0,
      readingTime: 1,
    });
    expect(res.body.pagination.limit).toBe(6);
  });

  it('lists each post exactly as its own article call answers it (the list is serialised by the database)', async () => {
    const category = unique('Same');
    await createPost({
      title: `Quotes "and" \\ slashes ${category}`,
      category,
      content: '<p>Line one</p>\n<p>Ünïcode — “quoted” & <strong>bold</strong></p>',
      tags: ['x'],
    });
    await createPost({ title: `Unpublished then published ${category}`, category, seoKeywords: [] });
    const list = await callRoute(ROUTES.blogPosts, { query: { category: category } });
    expect(list.body.data).toHaveLength(2);
    for (const listed of list.body.data) {
      const article = await callRoute(ROUTES.blogPost, { params: { slug: listed.slug } });
      expect(article.status).toBe(200);
      expect(listed).toEqual(article.body.data);
    }
  });

  it('filters by category name (any case) or category id', async () => {
    const a = unique('Cat A');
    const b = unique('Cat B');
    await createPost({ title: `In A ${a}`, category: a });
    await createPost({ title: `In B ${b}`, category: b });
    const byName = await callRoute(ROUTES.blogPosts, { query: { category: a.toUpperCase() } });
    expect(byName.body.data.map((p: { category: string }) => p.category)).toEqual([a]);
    const cats = await callRoute(ROUTES.blogCategories);
    const idOfA = cats.body.data.find((c: { name: string }) => c.name === a)!.id;
    const byId = await callRoute(ROUTES.blogPosts, { query: { category: idOfA } });
    expect(byId.body.data).toHaveLength(1);
    expect(byId.body.data[0]!.title).toBe(`In A ${a}`);
  });

  it('ranks a title match above a content-only match (full-text search)', async () => {
    const category = unique('Search');
    const word = `zqx${process.pid}${run}turbo`;
    await createPost({
      title: `Body only ${category}`,
      category,
      content: `<p>The ${word} is mentioned here, and ${word} again.</p>`,
    });
    await createPost({ title: `All about ${word}`, category, content: '<p>Nothing else.</p>' });
    await createPost({ title: `Unrelated ${category}`, category });
    const res = await callRoute(ROUTES.blogPosts, { query: { q: word } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { title: string }) => p.title)).toEqual([
      `All about ${word}`,
      `Body only ${category}`,
    ]);
    expect(res.body.pagination.total).toBe(2);
    // Tags are searched too, and the category filter combines with search.
    await createPost({ title: `Tagged ${category}`, category, tags: [word] });
    const tagged = await callRoute(ROUTES.blogPosts, { query: { q: word, category: category } });
    expect(tagged.body.data).toHaveLength(3);
    const nothing = await callRoute(ROUTES.blogPosts, { query: { q: '"no such phrase zzqqxx"' } });
    expect(nothing.body).toMatchObject({ data: [], pagination: { total: 0, pages: 0 } });
  });

  it('refuses bad numbers and caps the limit', async () => {
    for (const q of ['page=0', 'page=abc', 'limit=-1', 'page=1.5']) {
      const res = await api.get(`/api/blog/posts?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.detail).toMatch(/must be a whole number of at least 1/);
    }
    const capped = await callRoute(ROUTES.blogPosts, { query: { limit: '1000' } });
    expect(capped.status).toBe(200);
    expect(capped.body.pagination.limit).toBe(50);
  });
});

describe('unpublished posts are invisible to the public', () => {
  it('in the list, the category counts and by slug', async () => {
    const category = unique('Hidden');
    await createPost({ title: `Visible ${category}`, category });
    await createPost({ title: `Visible 2 ${category}`, category });
    const draft = await createPost({ title: `Secret ${category}`, category, published: false });
    expect(draft.publishedAt).toBeNull();

    const list = await callRoute(ROUTES.blogPosts, { query: { category: category, limit: '50' } });
    expect(list.body.data.map((p: { title: string }) => p.title)).not.toContain(`Secret ${category}`);
    expect(list.body.pagination.total).toBe(2);
    const cats = await callRoute(ROUTES.blogCategories);
    expect(cats.status).toBe(200);
    expect(cats.body.data.find((c: { name: string }) => c.name === category)).toEqual({
      id: expect.stringMatching(/^hidden-/),
      name: category,
      postCount: 2,
    });
    const bySlug = await callRoute(ROUTES.blogPost, { params: { slug: draft.slug } });
    expect(bySlug.status).toBe(404);
    expect(detailOf(bySlug)).toBe('Article not found');
    const searched = await callRoute(ROUTES.blogPosts, { query: { q: 'Secret', category: category } });
    expect(searched.body.data).toEqual([]);
  });

  it('a category with only drafts is not listed', async () => {
    const category = unique('Drafts only');
    await createPost({ title: `Draft ${category}`, category, published: false });
    const cats = await callRoute(ROUTES.blogCategories);
    expect(cats.body.data.map((c: { name: string }) => c.name)).not.toContain(category);
  });
});

describe('GET /api/blog/posts/{slug}', () => {
  it('answers 404 with a detail for an unknown slug', async () => {
    const res = await callRoute(ROUTES.blogPost, { params: { slug: 'no-such-article-anywhere' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Article not found' });
  });

  it('is kept by the CDN like the blog pages, and counts no view (POST .../view does)', async () => {
    const post = await createPost({ title: unique('Cached'), category: unique('Cached') });
    const read = await callRoute(ROUTES.blogPost, { params: { slug: post.slug } });
    expect(read.headers.get('netlify-cdn-cache-control')).toBe(
      'public, durable, max-age=86400, stale-while-revalidate=604800',
    );
    expect(read.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(read.headers.get('netlify-cache-tag')).toContain(`blog-post-${post.slug}`);
    expect(read.body.data.views).toBe(0);
    for (const path of ['/api/blog/posts?page=1&limit=6', '/api/blog/categories']) {
      expect((await api.get(path)).headers.get('netlify-cache-tag')).toBe('blog,blog-list');
    }
    expect((await callRoute(ROUTES.blogPostView, { params: { slug: 'no-such-article-anywhere' } })).status).toBe(404);
  });

  it('counts one view per read, atomically', async () => {
    const post = await createPost({ title: unique('Views'), category: unique('Views') });
    const one = await callRoute(ROUTES.blogPostView, { params: { slug: post.slug } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ success: true, data: { views: 1 } });
    await Promise.all(
      Array.from({ length: 10 }, () => callRoute(ROUTES.blogPostView, { params: { slug: post.slug } })),
    );
    const row = await testDb()
      .selectFrom('blogPosts')
      .select('views')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.views).toBe(11);
  });
});

describe('admin routes need an admin', () => {
  const routes = [
    ['GET', '/api/blog/admin/posts'],
    ['POST', '/api/blog/admin/posts'],
    ['PUT', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/blog/admin/generate-initial-content'],
  ] as const;

  it('401 without a token, 403 for a pilot or a mechanic', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const body = { title: 'x', category: 'y', content: 'z' };
    for (const [method, path] of routes) {
      const send = (token?: string) =>
        call(method, path, { ...(method === 'GET' ? {} : { body }), ...(token ? { token } : {}) });
      const anonymous = await send();
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.detail).toBeTruthy();
      const bad = await send('not-a-token');
      expect(bad.status, `${method} ${path}`).toBe(401);
      for (const user of [pilot, mechanic]) {
        const res = await send(user.token);
        expect(res.status, `${method} ${path} as ${user.role}`).toBe(403);
      }
    }
    expect(await testDb().selectFrom('blogPosts').select('id').where('title', '=', 'x').execute()).toEqual([]);
  });
});

describe('admin writes', () => {
  it('lists drafts and published posts for the admin', async () => {
    const category = unique('Admin list');
    await createPost({ title: `Pub ${category}`, category });
    await createPost({ title: `Draft ${category}`, category, published: false });
    const res = await callRoute(ROUTES.blogAdminPosts, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const mine = res.body.data.filter((p: { category: string }) => p.category === category);
    expect(mine.map((p: { published: boolean }) => p.published).sort()).toEqual([false, true]);
  });

  it('gives duplicate titles distinct slugs', async () => {
    const title = unique('Same Title');
    const a = await createPost({ title, category: 'Dupes' });
    const b = await createPost({ title, category: 'Dupes' });
    const c = await createPost({ title, category: 'Dupes' });
    expect(b.slug).toBe(`${a.slug}-2`);
    expect(c.slug).toBe(`${a.slug}-3`);
    expect(a.slug).toMatch(/^same-title-/);
  });

  it('strips XSS payloads from what is stored and what readers get', async () => {
    const payload =
      '<p>Safe <strong>text</strong></p><script>alert("x")</script><img src="https://example.com/a.png" onerror="alert(1)">' +
      '<a href="javascript:alert(2)">click</a><p onclick="alert(3)" style="color:red">p</p><iframe src="https://evil.example"></iframe>';
    const post = await createPost({
      title: `<script>alert(1)</script>XSS ${unique('t')}`,
      category: 'Security <b>Tips</b>',
      excerpt: '<img src=x onerror=alert(1)>Excerpt',
      tags: ['<script>x</script>tag'],
      content: payload,
    });
    const stored = await testDb()
      .selectFrom('blogPosts')
      .selectAll()
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    const pub = await callRoute(ROUTES.blogPost, { params: { slug: post.slug } });
    const list = await callRoute(ROUTES.blogPosts, { query: { category: 'Security Tips', limit: '50' } });
    const withoutTitle = (o: object) => JSON.stringify({ ...o, title: '', metaTitle: '' });
    for (const text of [withoutTitle(stored), withoutTitle(pub.body.data), ...list.body.data.map(withoutTitle)]) {
      expect(text).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=/i);
    }
    expect(stored.content).toContain('<p>Safe <strong>text</strong></p>');
    expect(stored.content).toContain('<img src="https://example.com/a.png"');
    expect(stored.content).toContain('<a>click</a>');
    // The title is text: kept as typed, escaped wherever it is shown (never silently stripped).
    expect(stored.title).toMatch(/^<script>alert\(1\)<\/script>XSS /);
    expect(stored).toMatchObject({ category: 'Security Tips', excerpt: 'Excerpt', tags: ['tag'] });
  });

  it('derives slug, meta fields, reading time and publishedAt; tags typed with commas are split', async () => {
    const words = 'lorem '.repeat(500);
    const post = await createPost({
      title: unique('Derived Fields'),
      category: 'Derived',
      content: `<p>${words}</p>`,
      excerpt: '',
      tags: ' one, two ,, three ',
      seoKeywords: 'k1,k2',
      published: false,
    });
    expect(post).toMatchObject({
      readingTime: 3,
      tags: ['one', 'two', 'three'],
      seoKeywords: ['k1', 'k2'],
      publishedAt: null,
    });
    expect(post.metaTitle).toBe(post.title);
    expect(post.metaDescription.length).toBeLessThanOrEqual(155);
    expect(post.metaDescription.startsWith('lorem lorem')).toBe(true);

    const published = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: {
        title: 'Renamed title',
        category: 'Derived',
        content: '<p>New body</p>',
        excerpt: 'An excerpt',
        published: true,
        metaTitle: 'Custom',
      },
      as: admin,
    });
    expect(published.status).toBe(200);
    expect(published.body.success).toBe(true);
    const updated = published.body.data;
    expect(updated).toMatchObject({
      slug: post.slug,
      title: 'Renamed title',
      metaTitle: 'Custom',
      metaDescription: 'An excerpt',
      readingTime: 1,
    });
    expect(updated.publishedAt).not.toBeNull();
    expect((await callRoute(ROUTES.blogPost, { params: { slug: post.slug } })).status).toBe(200);

    const unpublished = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { title: 'Renamed title', category: 'Derived', content: '<p>New body</p>', published: false },
      as: admin,
    });
    expect(unpublished.body.data.publishedAt).toBe(updated.publishedAt);
    expect((await callRoute(ROUTES.blogPost, { params: { slug: post.slug } })).status).toBe(404);
  });

  it('validates the post and answers 404 for unknown or malformed ids', async () => {
    const missing = await callRoute(ROUTES.blogAdminCreate, { unchecked: { category: 'c', content: 'x' }, as: admin });
    expect(missing.status).toBe(400);
    expect(detailOf(missing)).toBe('Title is required');
    const blank = await callRoute(ROUTES.blogAdminCreate, {
      body: { title: 't', category: '  ', content: 'x' },
      as: admin,
    });
    expect(detailOf(blank)).toBe('Category is required');
    const noContent = await callRoute(ROUTES.blogAdminCreate, { unchecked: { title: 't', category: 'c' }, as: admin });
    expect(detailOf(noContent)).toBe('Content is required');
    const badTags = await callRoute(ROUTES.blogAdminCreate, {
      unchecked: { title: 't', category: 'c', content: 'x', tags: 5 },
      as: admin,
    });
    expect(badTags.status).toBe(400);

    const body = { title: 't', category: 'c', content: 'x' };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const put = await callRoute(ROUTES.blogAdminUpdate, { params: { id }, body: body, as: admin });
      expect(put.status, id).toBe(404);
      expect(detailOf(put)).toBe('Post not found');
      expect((await callRoute(ROUTES.blogAdminDelete, { params: { id }, as: admin })).status).toBe(404);
    }
  });

  it('reads one post by id, and a PUT of some fields keeps the others', async () => {
    const post = await createPost({
      title: unique('Partial'),
      category: 'Partial',
      excerpt: 'Keep me',
      tags: ['x', 'y'],
      published: false,
    });
    const one = await callRoute(ROUTES.blogAdminPost, { params: { id: post.id }, as: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: post.id, published: false, excerpt: 'Keep me' });
    const res = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { published: true },
      as: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: post.title, excerpt: 'Keep me', tags: ['x', 'y'], published: true });
    // Generated meta fields follow the post; typed ones stay.
    const retitled = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { ...res.body.data, title: 'A brand new title', excerpt: 'New excerpt' },
      as: admin,
    });
    expect(retitled.body.data).toMatchObject({ metaTitle: 'A brand new title', metaDescription: 'New excerpt' });
    const typed = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { metaTitle: 'Typed' },
      as: admin,
    });
    const after = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { ...typed.body.data, title: 'Another title' },
      as: admin,
    });
    expect(after.body.data.metaTitle).toBe('Typed');
    const emptied = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { title: '  ' },
      as: admin,
    });
    expect(emptied.status).toBe(400);
    expect(detailOf(emptied)).toBe('Title is required');
    const notObject = await callRoute(ROUTES.blogAdminUpdate, { params: { id: post.id }, unchecked: ['x'], as: admin });
    expect(notObject.status).toBe(400);
  });

  it('deletes a post', async () => {
    const post = await createPost({ title: unique('Delete me'), category: 'Deleting' });
    const res = await callRoute(ROUTES.blogAdminDelete, { params: { id: post.id }, as: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await callRoute(ROUTES.blogPost, { params: { slug: post.slug } })).status).toBe(404);
    expect((await callRoute(ROUTES.blogAdminDelete, { params: { id: post.id }, as: admin })).status).toBe(404);
  });

  it('purges the CDN by tag after a published change (Netlify purge API), and never fails the save when it is down', async () => {
    const purges: { auth: string; body: { cache_tags?: string[]; site_id?: string } }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/api/v1/purge')
          purges.push({ auth: req.headers.authorization ?? '', body: JSON.parse(body) });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env['NETLIFY_API_BASE'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env['NETLIFY_PURGE_API_TOKEN'] = 'purge-token';
    process.env['SITE_ID'] = 'site-1';
    try {
      await createPost({ title: unique('Draft no purge'), category: 'Purges', published: false });
      expect(purges).toEqual([]);
      const post = await createPost({ title: unique('Purged'), category: 'Purges' });
      expect(purges).toHaveLength(1);
      expect(purges[0]).toEqual({
        auth: 'Bearer purge-token',
        body: { cache_tags: ['blog-list', `blog-post-${post.slug}`, 'blog-related-purges'], site_id: 'site-1' },
      });
      // A category change purges the articles of both categories (their Related Articles).
      await callRoute(ROUTES.blogAdminUpdate, {
        params: { id: post.id },
        body: { category: 'Moved Purges' },
        as: admin,
      });
      expect(purges[1]!.body.cache_tags).toEqual([
        'blog-list',
        `blog-post-${post.slug}`,
        'blog-related-purges',
        'blog-related-moved-purges',
      ]);
      await callRoute(ROUTES.blogAdminDelete, { params: { id: post.id }, as: admin });
      expect(purges).toHaveLength(3);
      await callRoute(ROUTES.blogAdminRestore, { params: { id: post.id }, as: admin });
      expect(purges).toHaveLength(4);
      process.env['NETLIFY_API_BASE'] = 'http://127.0.0.1:1';
      await createPost({ title: unique('Purge down'), category: 'Purges' });
    } finally {
      delete process.env['NETLIFY_API_BASE'];
      delete process.env['NETLIFY_PURGE_API_TOKEN'];
      delete process.env['SITE_ID'];
      server.close();
    }
  });
});

describe('the author of a post', () => {
  it('is taken, kept and answered as typed; without one the byline is the business; too long is a 400', async () => {
    const category = unique('Authored');
    const post = await createPost({ title: `Authored ${category}`, category, author: '  Sarah Chen, A&P  ' });
    expect(post).toMatchObject({ author: 'Sarah Chen, A&P', authorName: 'Sarah Chen, A&P' });
    const read = await callRoute(ROUTES.blogPost, { params: { slug: post.slug } });
    expect(read.body.data).toMatchObject({ author: 'Sarah Chen, A&P', authorName: 'Sarah Chen, A&P' });
    const listed = await callRoute(ROUTES.blogPosts, { query: { category: category } });
    expect(listed.body.data[0]).toMatchObject({ author: 'Sarah Chen, A&P', authorName: 'Sarah Chen, A&P' });

    // A PUT without the field keeps it; an emptied one gives the byline back to the business.
    const kept = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { excerpt: 'New' },
      as: admin,
    });
    expect(kept.body.data.author).toBe('Sarah Chen, A&P');
    const cleared = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { author: '' },
      as: admin,
    });
    expect(cleared.body.data).toMatchObject({ author: '', authorName: 'Skyward Mobile Aviation' });

    const tooLong = await callRoute(ROUTES.blogAdminCreate, {
      body: { title: 't', category: 'c', content: 'x', author: 'x'.repeat(121) },
      as: admin,
    });
    expect(tooLong.status).toBe(400);
    expect(detailOf(tooLong)).toBe('Author must be at most 120 characters');
    const notText = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: post.id },
      body: { author: 5 },
      as: admin,
    });
    expect(notText.status).toBe(400);
    expect(detailOf(notText)).toBe('Author must be text');
    expect((await callRoute(ROUTES.blogPost, { params: { slug: post.slug } })).body.data.author).toBe('');
  });

  it('comes back with a post restored from the trash', async () => {
    const category = unique('Trashed author');
    const post = await createPost({ title: `Trashed ${category}`, category, author: 'Mike Reynolds, A&P/IA' });
    const unnamed = await createPost({ title: `Unnamed ${category}`, category });
    for (const p of [post, unnamed]) {
      expect((await callRoute(ROUTES.blogAdminDelete, { params: { id: p.id }, as: admin })).status).toBe(200);
      const back = await callRoute(ROUTES.blogAdminRestore, { params: { id: p.id }, as: admin });
      expect(back.body.data).toMatchObject({ author: p.author, authorName: p.authorName });
    }
  });
});

describe('trash: GET /api/blog/admin/posts?status=trash, POST /api/blog/admin/posts/{id}/restore', () => {
  it('keeps a deleted post, views and all, and restores it at its address', async () => {
    const post = await createPost({ title: unique('Trash me'), category: 'Trash', excerpt: 'Kept' });
    await callRoute(ROUTES.blogPostView, { params: { slug: post.slug } });
    await callRoute(ROUTES.blogPostView, { params: { slug: post.slug } });
    expect((await callRoute(ROUTES.blogAdminDelete, { params: { id: post.id }, as: admin })).status).toBe(200);
    const trash = await callRoute(ROUTES.blogAdminPosts, { query: { status: 'trash' }, as: admin });
    expect(trash.status).toBe(200);
    // `status=trash` answers the trashed posts (the route answers either list).
    const kept = (trash.body.data as TrashedBlogPost[]).find((p) => p.id === post.id);
    expect(kept).toMatchObject({
      id: post.id,
      title: post.title,
      slug: post.slug,
      views: 2,
      reason: 'deleted',
      excerpt: 'Kept',
    });
    const days = (Date.parse(kept!.purgeAt) - Date.parse(kept!.trashedAt)) / 86_400_000;
    expect(days).toBe(30);
    // Not in the live list any more.
    const live = await callRoute(ROUTES.blogAdminPosts, { as: admin });
    expect(live.body.data.some((p: { id: string }) => p.id === post.id)).toBe(false);

    const restored = await callRoute(ROUTES.blogAdminRestore, { params: { id: post.id }, as: admin });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      id: post.id,
      slug: post.slug,
      views: 2,
      published: true,
      createdAt: post.createdAt,
    });
    expect((await callRoute(ROUTES.blogPost, { params: { slug: post.slug } })).status).toBe(200);
    const again = await callRoute(ROUTES.blogAdminRestore, { params: { id: post.id }, as: admin });
    expect(again.status).toBe(404);
    expect(detailOf(again)).toMatch(/not in the trash/);
  });

  it('forgets posts older than 30 days, refuses other methods and statuses, and is for admins only', async () => {
    const post = await createPost({ title: unique('Old trash'), category: 'Trash' });
    await callRoute(ROUTES.blogAdminDelete, { params: { id: post.id }, as: admin });
    await testDb()
      .updateTable('blogPostsTrash')
      .set({ trashedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', post.id)
      .execute();
    const trash = await callRoute(ROUTES.blogAdminPosts, { query: { status: 'trash' }, as: admin });
    expect(trash.body.data.some((p: { id: string }) => p.id === post.id)).toBe(false);
    expect((await callRoute(ROUTES.blogAdminRestore, { params: { id: post.id }, as: admin })).status).toBe(404);
    expect((await callRoute(ROUTES.blogAdminPosts, { query: { status: 'gone' }, as: admin })).status).toBe(400);
    expect((await api.get(`/api/blog/admin/posts/${post.id}/restore`, { token: admin.token })).status).toBe(405);
    expect((await callRoute(ROUTES.blogAdminRestore, { params: { id: 'not-a-uuid' }, as: admin })).status).toBe(404);
    expect((await callRoute(ROUTES.blogAdminPosts, { query: { status: 'trash' } })).status).toBe(401);
    expect((await callRoute(ROUTES.blogAdminRestore, { params: { id: post.id } })).status).toBe(401);
  });
});

describe('POST /api/blog/admin/generate-initial-content', () => {
  it('replaces every post with the content library, keeping the replaced ones in the trash', async () => {
    const old = await createPost({ title: unique('Old post'), category: 'Old' });
    const library = loadContentLibrary();
    const before = (await testDb().selectFrom('blogPosts').select('id').execute()).length;
    const summary = await callRoute(ROUTES.blogAdminGenerateSummary, { as: admin });
    expect(summary.status).toBe(200);
    // Every post of this suite was written through the API: all of them count as by hand.
    expect(summary.body.data).toEqual({ posts: before, handWritten: before, library: library.length });
    const res = await callRoute(ROUTES.blogAdminGenerate, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, posts_created: library.length });
    expect(library.length).toBeGreaterThanOrEqual(10);

    const rows = await testDb().selectFrom('blogPosts').select(['slug', 'published', 'readingTime']).execute();
    expect(rows).toHaveLength(library.length);
    expect(rows.every((r) => r.published && r.readingTime >= 1)).toBe(true);
    expect((await callRoute(ROUTES.blogPost, { params: { slug: old.slug } })).status).toBe(404);
    const list = await callRoute(ROUTES.blogPosts, { query: { limit: '50' } });
    expect(list.body.pagination.total).toBe(library.length);
    expect(list.body.data[0]!.slug).toBe(library[0]!.slug);
    const article = await callRoute(ROUTES.blogPost, { params: { slug: library[0]!.slug } });
    expect(article.body.data.content).toMatch(/<h2>/);

    // The hand-written post is in the trash, and comes back.
    const trash = await callRoute(ROUTES.blogAdminPosts, { query: { status: 'trash' }, as: admin });
    expect(trash.body.data.find((p: { id: string }) => p.id === old.id)).toMatchObject({
      reason: 'replaced',
      title: old.title,
    });
    const back = await callRoute(ROUTES.blogAdminRestore, { params: { id: old.id }, as: admin });
    expect(back.status).toBe(200);
    expect((await callRoute(ROUTES.blogPost, { params: { slug: old.slug } })).status).toBe(200);
    const now = await callRoute(ROUTES.blogAdminGenerateSummary, { as: admin });
    expect(now.body.data).toEqual({ posts: library.length + 1, handWritten: 1, library: library.length });

    // Running it again gives the same library, not twice the posts.
    const again = await callRoute(ROUTES.blogAdminGenerate, { unchecked: {}, as: admin });
    expect(again.body.posts_created).toBe(library.length);
    expect(await testDb().selectFrom('blogPosts').select('id').execute()).toHaveLength(library.length);
  });

  it('is safe to press six times at once: one run at a time, the others told it is running, never a 500', async () => {
    const library = loadContentLibrary();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => callRoute(ROUTES.blogAdminGenerate, { as: admin })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    for (const r of results.filter((x) => x.status === 409)) expect(detailOf(r)).toBe(GENERATE_RUNNING_DETAIL);
    for (const r of results.filter((x) => x.status === 200))
      expect(r.body).toEqual({ success: true, posts_created: library.length });
    expect(await testDb().selectFrom('blogPosts').select('id').execute()).toHaveLength(library.length);
  });
});
