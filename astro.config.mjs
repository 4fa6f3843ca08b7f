// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import netlify from '@netlify/vite-plugin';

const site = process.env.SITE_URL ?? process.env.URL ?? 'http://localhost:4321';

// `astro dev` gets Netlify's own emulation (functions, redirects, Blobs) through the Vite plugin.
// The features that need the internet (edge functions, AI gateway) or that we replace with a real
// PostgreSQL server (database) are off: see docs/decisions/0002-embedded-postgres.md.
export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [react(), sitemap({ filter: (page) => !/\/(admin|dashboard|login|reset-password|blog\/article)\/?$/.test(page) })],
  vite: {
    plugins: [
      tailwindcss(),
      ...(process.env.NETLIFY_VITE_PLUGIN === 'off'
        ? []
        : [netlify({ edgeFunctions: { enabled: false }, aiGateway: { enabled: false }, database: { enabled: false } })]),
    ],
  },
});
