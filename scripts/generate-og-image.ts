// Renders public/og-image.png (1200x630, the social card) from an SVG with sharp. Run it again
// after changing the brand or the claims: `node scripts/generate-og-image.ts`.
import path from 'node:path';
import sharp from 'sharp';
import { BUSINESS } from '../src/contract/business.ts';
import { ROOT } from './lib/paths.ts';

const plane =
  'M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="glow" cx="85%" cy="15%" r="75%">
      <stop offset="0" stop-color="#38bdf8" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#0b2545" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="#0b2545"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <g transform="translate(930 330) scale(10)" opacity="0.12">
    <path d="${plane}" fill="none" stroke="#7dd3fc" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <g transform="translate(80 80)">
    <rect width="72" height="72" rx="18" fill="#13315c"/>
    <g transform="translate(12 12) scale(2)">
      <path d="${plane}" fill="none" stroke="#7dd3fc" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>
    </g>
    <text x="96" y="48" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" font-weight="700" fill="#ffffff">${escape(BUSINESS.name)}</text>
  </g>
  <text x="80" y="280" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="58" font-weight="800" fill="#ffffff">Save ${escape(BUSINESS.savingsHeadline)} on</text>
  <text x="80" y="356" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="58" font-weight="800" fill="#ffffff">Inspections &amp; Maintenance</text>
  <text x="80" y="430" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="27" fill="#cbd5e1">Mobile 100-hour and annual inspections, repairs and AOG support</text>
  <g font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" font-weight="700">
    <rect x="80" y="500" width="300" height="56" rx="28" fill="#0ea5e9"/>
    <text x="230" y="537" text-anchor="middle" fill="#0b2545">FAA Certified A&amp;P</text>
    <rect x="400" y="500" width="230" height="56" rx="28" fill="none" stroke="#7dd3fc" stroke-width="2"/>
    <text x="515" y="537" text-anchor="middle" fill="#e0f2fe">All 50 States</text>
    <rect x="650" y="500" width="300" height="56" rx="28" fill="none" stroke="#7dd3fc" stroke-width="2"/>
    <text x="800" y="537" text-anchor="middle" fill="#e0f2fe">Quote in 24 Hours</text>
  </g>
</svg>`;

const out = path.join(ROOT, 'public/og-image.png');
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
console.log(`Wrote ${out}`);
