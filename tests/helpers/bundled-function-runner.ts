// Runs in a child process of tests/helpers/function-bundles.ts: imports functions as Netlify's
// build bundled them and calls each with the requests it is given, with the working directory set
// to the bundle (as on AWS Lambda, where a function's files are its task root). Prints one JSON
// line: the status and body of every call, or the error that stopped a function from loading.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BundledCall {
  /** The function's bundle directory (zip-it-and-ship-it with archiveFormat 'none'). */
  dir: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  params?: Record<string, string>;
}

export interface BundledResult {
  dir: string;
  status?: number;
  body?: string;
  error?: string;
}

type Handler = (
  req: Request,
  context: { ip: string; params: Record<string, string>; requestId: string },
) => Promise<Response>;

/** The user module the bundle's entry point hands to Netlify's bootstrap. */
function userModuleOf(dir: string): string {
  const entry = readFileSync(path.join(dir, '___netlify-entry-point.mjs'), 'utf8');
  const match = /getLambdaHandler\('([^']+)'\)/.exec(entry);
  if (!match) throw new Error(`no user module named in ${dir}/___netlify-entry-point.mjs`);
  return path.join(dir, match[1]!);
}

const calls = JSON.parse(readFileSync(0, 'utf8')) as BundledCall[];
const results: BundledResult[] = [];
for (const call of calls) {
  try {
    process.chdir(call.dir);
    const handler = ((await import(pathToFileURL(userModuleOf(call.dir)).href)) as { default: Handler }).default;
    const request = new Request(call.url, {
      method: call.method,
      headers: call.headers ?? {},
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    const response = await handler(request, {
      ip: '192.0.2.1',
      params: call.params ?? {},
      requestId: crypto.randomUUID(),
    });
    results.push({ dir: call.dir, status: response.status, body: await response.text() });
  } catch (error) {
    results.push({ dir: call.dir, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
  }
}
process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);
