import { isIP } from 'node:net';
import { HttpError } from './errors.ts';

/**
 * The key per-IP limits count under, from the address Netlify reports in `context.ip` (never from
 * request headers, which the client writes). An IPv4 address is its own key; an IPv6 address is
 * keyed by its /64, the block one subscriber gets, so rotating addresses inside it does not reset
 * a limit. An IPv4-mapped IPv6 address counts as the IPv4 address. Empty when there is no usable
 * address: callers that limit per address refuse the request rather than share one bucket.
 * See docs/decisions/0092-client-address.md.
 */
export function clientAddressKey(ip: string | undefined | null): string {
  if (!ip) return '';
  let address = ip.trim().replace(/^\[|\]$/g, '');
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return '';
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case, without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4 or 64:ff9b::1.2.3.4) becomes two groups.
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, quad.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}

/**
 * The address key for a per-IP limit; 400 when Netlify gave no usable address, so that requests
 * without one never share a single bucket (and never slip past the limit either).
 */
export function requireAddressKey(ip: string): string {
  if (!ip) throw new HttpError(400, 'We could not tell which network this request came from. Please try again.');
  return ip;
}
