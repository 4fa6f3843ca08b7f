// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import netlifyAdapter from '@astrojs/netlify';
import netlify from '@netlify/vite-plugin';

const site = process.env.SITE_URL ?? process.env.URL ?? 'http://localhost:4321';

// `astro dev` gets Netlify's own emulation (functions, redirects, Blobs) through the Vite plugin.
// The features that need the internet (edge functions, AI gateway) or that we replace with a real
// PostgreSQL server (database) are off: see docs/decisions/0002-embedded-postgres.md.
// Pages are prerendered unless they say otherwise: the blog renders on demand from the database
// through the adapter's SSR function, cached by Netlify's CDN (docs/decisions/0033-blog-on-demand.md).
// Its pages are in /sitemap-blog.xml (on demand too), which the sitemap index lists.
export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // Astro's origin check answers a cross-site write to an on-demand route with a text/plain 403.
  // The only on-demand route that takes writes is the JSON 404 of unknown /api addresses
  // (src/pages/api/[...path].ts), which changes nothing; the API itself is Netlify functions.
  security: { checkOrigin: false },
  // Not while `npm run typecheck` runs `astro check` (ASTRO_TYPECHECK, scripts/typecheck.ts): the adapter
  // empties the on-demand pages' function under .netlify/ whenever a configuration is set up, and a
  // type check then took the last build's blog away (docs/decisions/0498).
  ...(process.env.ASTRO_TYPECHECK === '1' ? {} : { adapter: netlifyAdapter({ imageCDN: false, devFeatures: false }) }),
  integrations: [
    react(),
    sitemap({
      filter: (page) => !/\/(admin|dashboard|login|reset-password|blog(\/.*)?)\/?$/.test(new URL(page).pathname),
      customSitemaps: [new URL('/sitemap-blog.xml', site).href],
    }),
  ],
  vite: {
    plugins: [
      tailwindcss(),
      ...(process.env.NETLIFY_VITE_PLUGIN === 'off'
        ? []
        : [
            netlify({ edgeFunctions: { enabled: false }, aiGateway: { enabled: false }, database: { enabled: false } }),
          ]),
    ],
  },
});
