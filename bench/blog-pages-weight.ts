// Page weight of the on-demand blog pages, over HTTP from a running `npm start` (the pages are no
// longer files in dist/): HTML, CSS and JavaScript gzip, with the budgets of BUDGETS.md.
// Usage: node bench/blog-pages-weight.ts [origin]   (default http://localhost:4321)
import { measurePage } from './lib/page-weight.ts';

const origin = process.argv[2] ?? 'http://localhost:4321';
const list = (await (await fetch(`${origin}/api/blog/posts?limit=1`)).json()) as { data: { slug: string }[] };
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| page | HTML | CSS | JS (eager) | JS (islands) | budget |\n|---|---|---|---|---|---|');
for (const [path, budget] of [
  ['/blog', 'JS <= 15 KB, no React'],
  [`/blog/${list.data[0]!.slug}`, 'JS <= 3 KB'],
] as const) {
  const w = await measurePage(origin, path);
  console.log(
    `| \`${path}\` | ${kb(w.htmlGzip)} | ${kb(w.cssGzip)} | ${kb(w.eagerJsGzip)} | ${kb(w.islandsJsGzip)} | ${budget} |`,
  );
}
