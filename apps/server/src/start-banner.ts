/**
 * What `npm start` prints last, once the server listens: the addresses students open (each LAN address,
 * https when it is on), where the data is, and the demo logins. Pure, so it is unit-tested.
 */
import type { networkInterfaces } from 'node:os';
import { DEVICE_SETUP_PATH } from '@ai-edu/contract';
import { listeningAddresses } from './https/names.ts';

export interface AddressView {
  host: string;
  port: number;
  secure: boolean;
  interfaces?: ReturnType<typeof networkInterfaces>;
}

const urlOf = (scheme: string, host: string, port: number) =>
  `${scheme}://${host.includes(':') ? `[${host}]` : host}${(scheme === 'https' && port === 443) || (scheme === 'http' && port === 80) ? '' : `:${port}`}`;

/** On this computer, and from the school network (one address per interface; none when HOST is loopback). */
export function studentAddresses(view: AddressView): { local: string; network: string[] } {
  const scheme = view.secure ? 'https' : 'http';
  const loopbackOnly = view.host === '127.0.0.1' || view.host === 'localhost' || view.host === '::1';
  const wildcard = view.host === '0.0.0.0' || view.host === '::';
  // https://localhost is what the certificate names first; plain http keeps the address it listens on.
  const local = urlOf(scheme, view.secure || wildcard ? 'localhost' : view.host, view.port);
  if (loopbackOnly) return { local, network: [] };
  return {
    local,
    network: listeningAddresses(view.host, view.interfaces).map((ip) => urlOf(scheme, ip, view.port)),
  };
}

export interface BannerFacts extends AddressView {
  database: string;
  storedFiles: string;
  httpsSummary?: string;
  redirectPort?: number;
  outbox?: string;
  demoAccounts: { account: string; password: string; what: string }[];
}

export function startBanner(facts: BannerFacts): string {
  const { local, network } = studentAddresses(facts);
  const lines = ['', `  AI Lab is running at ${local}`];
  if (network.length > 0) {
    lines.push('', '  Students open (school network):');
    for (const url of network) lines.push(`    ${url}`);
    if (facts.secure)
      lines.push(`  Set up each device once (trust the school CA): ${network[0]}${DEVICE_SETUP_PATH}`);
    else {
      lines.push(
        '  Camera and microphone labs need HTTPS on other machines: start with HTTPS=auto (or LAN=1).',
        `  See ${network[0]}${DEVICE_SETUP_PATH}`,
      );
    }
  } else if (facts.host === '127.0.0.1' || facts.host === 'localhost' || facts.host === '::1') {
    lines.push(
      '  Only this computer can open it. For the school network: HOST=0.0.0.0 HTTPS=auto npm start (or LAN=1 npm start)',
    );
  }
  if (facts.httpsSummary) lines.push(`  ${facts.httpsSummary}`);
  if (facts.redirectPort !== undefined)
    lines.push(`  Plain HTTP on port ${facts.redirectPort} redirects to HTTPS`);
  lines.push(`  Database: ${facts.database}`, `  Stored files: ${facts.storedFiles}`);
  if (facts.outbox) lines.push(`  Verification codes without a mail/SMS provider go to ${facts.outbox}`);
  if (facts.demoAccounts.length > 0) {
    lines.push('', '  Demo accounts (log in with the password form):');
    for (const demo of facts.demoAccounts) {
      lines.push(`    ${demo.account.padEnd(22)} ${demo.password.padEnd(12)} ${demo.what}`);
    }
  }
  return lines.join('\n') + '\n';
}
