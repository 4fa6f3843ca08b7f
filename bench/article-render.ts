// Server time of blog pages rendered on demand, uncached (there is no CDN in front of `npm start`:
// every request renders the page from the database, as a CDN miss does on Netlify).
// Usage: node bench/article-render.ts [origin] [requests]   (default http://localhost:4321, 200)
// One client, requests in sequence after 20 warm-up requests. Two figures: the page's own render time
// (its Server-Timing header, database reads included) and the time to the last byte over HTTP.

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One markdown row: status, render p50/p99 (Server-Timing) and HTTP p50/p99 of `requests` calls. */
async function measure(origin: string, path: string, requests: number): Promise<string> {
  const url = `${origin}${path}`;
  for (let i = 0; i < 20; i += 1) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  const render: number[] = [];
  let status = 0;
  for (let i = 0; i < requests; i += 1) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - start);
    render.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
    status = res.status;
  }
  times.sort((a, b) => a - b);
  render.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return `| \`${path}\` | ${status} | ${requests} | ${ms(pct(render, 50))} | ${ms(pct(render, 99))} | ${ms(pct(times, 50))} | ${ms(pct(times, 99))} |`;
}

/** The table of an article, the list and a 404, as `npm run bench` writes it into bench/RESULTS.md. */
export async function measureBlogRender(origin: string, requests = 200): Promise<string> {
  const list = (await (await fetch(`${origin}/api/blog/posts?limit=1`)).json()) as { data: { slug: string }[] };
  const slug = list.data[0]?.slug;
  if (!slug) throw new Error('No published post to measure');
  const rows = [
    '| page | status | requests | render p50 | render p99 | HTTP p50 | HTTP p99 |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const path of [`/blog/${slug}`, '/blog', '/blog/no-such-article'])
    rows.push(await measure(origin, path, requests));
  return rows.join('\n');
}

if (import.meta.main)
  console.log(await measureBlogRender(process.argv[2] ?? 'http://localhost:4321', Number(process.argv[3] ?? 200)));
