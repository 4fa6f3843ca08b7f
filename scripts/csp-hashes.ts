// Keeps the static pages' Content-Security-Policy in netlify.toml in step with the build.
//
// Astro writes a few inline scripts into the pages (the island loader, small page scripts). The
// policy allows scripts from 'self' plus the SHA-256 of each of those, never 'unsafe-inline'.
//   node scripts/csp-hashes.ts           check dist/ against netlify.toml (run after every build;
//                                        fails, printing the fix, when a hash is missing)
//   node scripts/csp-hashes.ts --write   rewrite the policy line in netlify.toml
// See docs/decisions/0094-content-security-policy.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes as pageScriptHashes } from '../src/server/http/inline-script-hashes.ts';
import { contentSecurityPolicy } from '../src/server/http/security-headers.ts';
import { ROOT } from './lib/paths.ts';

const DIST = path.join(ROOT, 'dist');
const TOML = path.join(ROOT, 'netlify.toml');
function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? htmlFiles(file) : file.endsWith('.html') ? [file] : [];
  });
}

/** The hash source of every executable inline script of the built pages, sorted. */
export function inlineScriptHashes(dist = DIST): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    for (const hash of pageScriptHashes(html)) hashes.add(hash);
    if (/<[^>]+\son[a-z]+\s*=/i.test(html.replace(/<script\b[\s\S]*?<\/script>/gi, ''))) {
      throw new Error(`${path.relative(ROOT, file)} has an inline event handler attribute, which the policy blocks`);
    }
  }
  return [...hashes].sort();
}

const LINE = /^(\s*Content-Security-Policy\s*=\s*)"([^"]*)"\s*$/m;

function main() {
  const wanted = contentSecurityPolicy(inlineScriptHashes());
  const toml = readFileSync(TOML, 'utf8');
  const current = LINE.exec(toml);
  if (process.argv.includes('--write')) {
    if (!current) throw new Error('netlify.toml has no Content-Security-Policy line under [[headers]] for "/*"');
    writeFileSync(TOML, toml.replace(LINE, `$1"${wanted}"`));
    console.log(
      `netlify.toml: Content-Security-Policy updated (${wanted.match(/sha256-/g)?.length ?? 0} inline script hashes)`,
    );
    return;
  }
  if (current?.[2] !== wanted) {
    console.error(
      'The Content-Security-Policy in netlify.toml does not match the built pages (an inline script changed).\n' +
        'Run `node scripts/csp-hashes.ts --write` after the build and commit netlify.toml. Expected:\n' +
        `  Content-Security-Policy = "${wanted}"`,
    );
    process.exit(1);
  }
  console.log('netlify.toml Content-Security-Policy matches the built pages.');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
