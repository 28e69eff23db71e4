/** The HTTPS address a browser should use, from the host name it used to reach us. */
import { isIP } from 'node:net';
import type { Config } from '../config.ts';

const HOST_RE = /^[A-Za-z0-9.-]{1,253}$/;

/** The host name of a Host header without its port ("school.lan:3000" → "school.lan", "[::1]:80" → "::1"). */
export function hostnameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::\d+)?$/.exec(hostHeader);
  if (bracketed) return isIP(bracketed[1]!) === 6 ? bracketed[1]! : null;
  const name = hostHeader.replace(/:\d+$/, '');
  // Only a plain name or address: the result goes into a Location header and a page.
  return HOST_RE.test(name) ? name.toLowerCase() : null;
}

/** `https://<the name the browser used>:<PORT>`, or null when PORT serves plain http. */
export function secureOriginFor(
  config: Pick<Config, 'https' | 'port'>,
  hostHeader: string | undefined,
): string | null {
  if (config.https.mode === 'off') return null;
  const name = hostnameOf(hostHeader) ?? 'localhost';
  const host = name.includes(':') ? `[${name}]` : name;
  return `https://${host}${config.port === 443 ? '' : `:${config.port}`}`;
}
