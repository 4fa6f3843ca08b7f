import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's tag (docs/decisions/0275-analytics-with-consent.md), for `npm
 * start` without a tag host and for the browser tests: `GET /gtag/js?id=G-...` answers a small
 * script that reads `window.dataLayer` as gtag.js does (consent default and update, config) and
 * sends a GA4-shaped hit, `POST /g/collect?v=2&tid=...&en=page_view&dl=...`, only while
 * analytics_storage is granted. Every request is recorded; `GET /__hits` lists them (tests read it).
 */

export interface GtagHit {
  method: string;
  path: string;
  query: Record<string, string>;
  at: string;
}

export interface GtagStandin {
  /** The tag origin (GA_SCRIPT_BASE), e.g. http://127.0.0.1:7321 */
  url: string;
  hits: GtagHit[];
  close(): Promise<void>;
}

/** The script the stand-in serves: Consent Mode v2 and config, as gtag.js reads them. */
function tagScript(origin: string, id: string): string {
  return `(function(){
var origin=${JSON.stringify(origin)},tid=${JSON.stringify(id)};
var consent={ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied'};
var dl=window.dataLayer=window.dataLayer||[];
function hit(en){
  if(consent.analytics_storage!=='granted')return;
  var q='v=2&tid='+encodeURIComponent(tid)+'&en='+encodeURIComponent(en)+'&dl='+encodeURIComponent(location.href)+'&gcs=G1'+(consent.ad_storage==='granted'?'1':'0')+(consent.analytics_storage==='granted'?'1':'0');
  fetch(origin+'/g/collect?'+q,{method:'POST',mode:'no-cors',keepalive:true,credentials:'omit'});
}
function handle(a){
  if(!a||typeof a!=='object'||!('0' in a))return;
  if(a[0]==='consent'&&a[2]&&typeof a[2]==='object'){for(var k in a[2])consent[k]=a[2][k];}
  else if(a[0]==='config'&&a[1]===tid&&!(a[2]&&a[2].send_page_view===false))hit('page_view');
  else if(a[0]==='event')hit(String(a[1]));
}
for(var i=0;i<dl.length;i++)handle(dl[i]);
var push=dl.push;dl.push=function(){for(var j=0;j<arguments.length;j++)handle(arguments[j]);return push.apply(dl,arguments);};
})();
`;
}

export async function startGtagStandin(options: { port?: number; host?: string } = {}): Promise<GtagStandin> {
  const host = options.host ?? '127.0.0.1';
  const hits: GtagHit[] = [];
  let origin = '';

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      });
      res.end(body);
    };
    if (url.pathname === '/__hits') return send(200, 'application/json', JSON.stringify(hits));
    if (url.pathname === '/__reset' && req.method === 'POST') {
      hits.length = 0;
      return send(204, 'text/plain', '');
    }
    hits.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      at: new Date().toISOString(),
    });
    if (url.pathname === '/gtag/js') {
      const id = url.searchParams.get('id') ?? '';
      if (!/^G-[A-Z0-9]{4,16}$/.test(id)) return send(400, 'text/plain', 'id must be a measurement ID');
      return send(200, 'application/javascript; charset=utf-8', tagScript(origin, id));
    }
    if (url.pathname === '/g/collect') return send(204, 'text/plain', '');
    send(404, 'text/plain', 'Not found');
  };

  const server: Server = createServer((req, res) => {
    // The body of a hit is not needed: drain it, then answer.
    req.resume();
    req.on('end', () => handle(req, res));
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(options.port ?? 0).catch(() => listen(0));
  origin = `http://${host}:${port}`;
  return {
    url: origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
