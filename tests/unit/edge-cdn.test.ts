import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cdn } from '../../scripts/lib/edge-cdn.ts';
import { SITE_SETTINGS_HEADERS, TAG_SITE_SETTINGS } from '../../src/features/site/site-cache.ts';

// The deploy rehearsal's stand-in for Netlify's CDN (run under Deno there; web APIs only).
const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://site.test${path}`, { headers });
const answer = (body: string, headers: Record<string, string>, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.useRealTimers());

describe('the CDN stand-in', () => {
  it("keeps the public settings as the function marks them, and hides the CDN's headers", async () => {
    const cdn = new Cdn();
    const first = await cdn.store(get('/api/site/settings'), answer('{"v":1}', SITE_SETTINGS_HEADERS));
    expect(await first.text()).toBe('{"v":1}');
    expect(first.headers.get('cache-status')).toMatch(/fwd=miss; stored/);
    const hit = cdn.lookup(get('/api/site/settings'))!;
    expect(await hit.text()).toBe('{"v":1}');
    expect(hit.headers.get('cache-status')).toMatch(/; hit/);
    for (const res of [first, hit]) {
      expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(res.headers.get('netlify-cache-tag')).toBeNull();
      expect(res.headers.get('cache-control')).toBe(SITE_SETTINGS_HEADERS['Cache-Control']);
    }
  });

  it('drops what a purge names by either tag header, and everything on a purge naming none', async () => {
    const cdn = new Cdn();
    await cdn.store(get('/api/site/settings'), answer('{}', SITE_SETTINGS_HEADERS));
    await cdn.store(get('/blog/a'), answer('<p>', { 'netlify-cdn-cache-control': 'max-age=60', 'cache-tag': 'blog' }));
    await cdn.store(get('/api/other'), answer('{}', { 'cdn-cache-control': 's-maxage=60' }));
    expect(cdn.purge(['unrelated'])).toBe(0);
    expect(cdn.purge([TAG_SITE_SETTINGS])).toBe(1);
    expect(cdn.lookup(get('/api/site/settings'))).toBeNull();
    expect(cdn.purge(['blog'])).toBe(1);
    expect(cdn.lookup(get('/api/other'))).not.toBeNull();
    expect(cdn.purge([])).toBe(1);
    expect(cdn.lookup(get('/api/other'))).toBeNull();
  });

  it('keeps an answer for its s-maxage, before its max-age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cdn = new Cdn();
    await cdn.store(get('/api/x'), answer('{}', { 'netlify-cdn-cache-control': 'max-age=600, s-maxage=10' }));
    vi.advanceTimersByTime(9_000);
    expect(cdn.lookup(get('/api/x'))?.headers.get('age')).toBe('9');
    vi.advanceTimersByTime(2_000);
    expect(cdn.lookup(get('/api/x'))).toBeNull();
  });

  it('keeps nothing asked with credentials, nor marked no-store or private, nor not 200, nor unmarked', async () => {
    const cdn = new Cdn();
    const durable = { 'netlify-cdn-cache-control': 'public, durable, max-age=60' };
    await cdn.store(get('/api/a', { authorization: 'Bearer t' }), answer('{}', durable));
    await cdn.store(get('/api/b', { cookie: 's=1' }), answer('{}', durable));
    await cdn.store(get('/api/c'), answer('{}', { 'netlify-cdn-cache-control': 'no-store, max-age=60' }));
    await cdn.store(get('/api/d'), answer('{}', { 'netlify-cdn-cache-control': 'private, max-age=60' }));
    await cdn.store(get('/api/e'), answer('{}', durable, 404));
    await cdn.store(get('/api/f'), answer('{}', { 'cache-control': 'public, max-age=60' }));
    for (const path of ['/api/a', '/api/b', '/api/c', '/api/d', '/api/e', '/api/f'])
      expect(cdn.lookup(get(path)), path).toBeNull();
    await cdn.store(new Request('http://site.test/api/g', { method: 'POST', body: '{}' }), answer('{}', durable));
    expect(cdn.lookup(get('/api/g'))).toBeNull();
  });
});
