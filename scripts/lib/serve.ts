import { NetlifyDev } from '@netlify/dev';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { withPlatformEncodedBody } from './binary-bodies.ts';
import { ROOT } from './paths.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as never)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}

/**
 * The production-like local server: Netlify's own emulator (`NetlifyDev`) serving the built
 * `dist/`, the functions at their `config.path`, `netlify.toml` redirects and headers, and Blobs.
 * The database is whatever NETLIFY_DB_URL points at (the embedded PostgreSQL), as in production.
 */
const FALLBACK_404 = '<!doctype html><title>Not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p>';

async function notFoundPage(): Promise<string> {
  try {
    return await readFile(path.join(ROOT, 'dist', '404.html'), 'utf8');
  } catch {
    return FALLBACK_404;
  }
}

export async function serve(port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const netlify = new NetlifyDev({
    projectRoot: ROOT,
    blobs: { enabled: true },
    functions: { enabled: true },
    redirects: { enabled: true },
    headers: { enabled: true },
    staticFiles: { enabled: true },
    environmentVariables: { enabled: true },
    edgeFunctions: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    images: { enabled: false },
    geolocation: { enabled: false },
    serverAddress: null,
  });
  await netlify.start();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The client address comes from the socket, never from what the client claims.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    withPlatformEncodedBody(req)
      .then((request) => netlify.handleAndIntrospectNodeRequest(request))
      .then(async (match) => {
        if (match) return send(res, match.response);
        // As on Netlify: an unknown path gets the site's own 404 page, with status 404.
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(await notFoundPage());
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'Local server error' }));
      });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await netlify.stop();
    },
  };
}
