// The baseline of the bench: the same product served entirely through Netlify's programmatic
// emulator (`NetlifyDev` with its functions feature on, as `npm start` did before functions were
// served warm, and as the Vite plugin of `npm run dev` still does). Each function call is bundled
// and run in a fresh worker. Started as a child process by bench/run.ts with NETLIFY_DB_URL set;
// prints "listening <port>" when ready.
import { NetlifyDev } from '@netlify/dev';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { ROOT } from '../../scripts/lib/paths.ts';

const port = Number(process.argv[2] ?? 4620);
const netlify = new NetlifyDev({
  projectRoot: ROOT,
  blobs: { enabled: false },
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

createServer((req, res) => {
  req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
  netlify
    .handleAndIntrospectNodeRequest(req)
    .then((match) => {
      if (!match) return void res.writeHead(404).end();
      const headers: Record<string, string> = {};
      match.response.headers.forEach((value, key) => (headers[key] = value));
      res.writeHead(match.response.status, headers);
      if (!match.response.body) return void res.end();
      Readable.fromWeb(match.response.body as never).pipe(res);
    })
    .catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
}).listen(port, '127.0.0.1', () => console.log(`listening ${port}`));
