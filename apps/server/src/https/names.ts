/**
 * Which names and addresses this machine is reached by: what the server certificate must list, and what
 * the start banner tells students to open.
 */
import { hostname as osHostname, networkInterfaces } from 'node:os';

/** Node prints IPv6 in full, upper case ("0:0:0:0:0:0:0:1"); URL's parser gives the short form ("::1"). */
export function normalizeIp(ip: string): string {
  if (!ip.includes(':')) return ip;
  try {
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return ip.toLowerCase();
  }
}

export interface CertificateNames {
  /** DNS names, the first one being the certificate's common name. */
  dns: string[];
  ips: string[];
}

type Interfaces = ReturnType<typeof networkInterfaces>;

export interface MachineView {
  /** Where the server listens (HOST). */
  host: string;
  /** HTTPS_HOSTNAMES. */
  extraNames?: string[];
  /** os.networkInterfaces() and os.hostname(); passed in by tests. */
  interfaces?: Interfaces;
  hostname?: string;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

export function isLoopback(ip: string): boolean {
  return ip.startsWith('127.') || ip === '::1';
}

/**
 * The non-loopback addresses a server on `host` is reached at: each interface's address when it listens on
 * all of them (IPv6 link-local ones left out: a browser cannot open them without a zone), else `host`.
 */
export function listeningAddresses(host: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (!WILDCARDS.has(host)) return isLoopback(host) || host === 'localhost' ? [] : [normalizeIp(host)];
  const ipv4Only = host === '0.0.0.0';
  const found: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      if (info.internal || isLoopback(info.address)) continue;
      if (info.family === 'IPv6' && (ipv4Only || info.address.toLowerCase().startsWith('fe80'))) continue;
      found.push(normalizeIp(info.address));
    }
  }
  return [...new Set(found)];
}

/** localhost, the machine's host name (and its .local mDNS name), its addresses and HTTPS_HOSTNAMES. */
export function certificateNames(view: MachineView): CertificateNames {
  const host = (view.hostname ?? osHostname()).toLowerCase();
  const dns = ['localhost'];
  const ips = ['127.0.0.1', '::1'];
  if (host && host !== 'localhost') {
    dns.push(host);
    // Macs, iPads and most Linux machines answer to <name>.local on the school network (mDNS).
    if (!host.includes('.')) dns.push(`${host}.local`);
  }
  for (const name of view.extraNames ?? []) {
    if (/^[\d.]+$/.test(name) || name.includes(':')) ips.push(normalizeIp(name));
    else dns.push(name.toLowerCase());
  }
  ips.push(...listeningAddresses(view.host, view.interfaces));
  return { dns: [...new Set(dns)], ips: [...new Set(ips)] };
}

/** Same names, any order. */
export function sameNames(a: CertificateNames, b: CertificateNames): boolean {
  const key = (n: CertificateNames) =>
    [...n.dns.map((d) => `d:${d}`), ...n.ips.map((i) => `i:${i}`)].sort().join();
  return key(a) === key(b);
}
