import type { APIRoute } from 'astro';

// An /api address no function serves: a JSON 404 like every other API answer, instead of the
// site's HTML 404 page (the functions answer their own paths first; this page renders only what
// none of them claims).
export const prerender = false;

export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ detail: 'Not found' }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
