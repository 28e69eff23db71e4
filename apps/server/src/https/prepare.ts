/**
 * Everything HTTPS needs before the server listens, and what keeps it current while it runs: the local CA's
 * server certificate renewed in place (checked daily), or the school's own files re-read when they change.
 * Both swap the certificate with Node's server.setSecureContext: open connections are not touched.
 */
import type { Server as TlsServer } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { ensureLocalCertificates } from './local-ca.ts';
import { certificateNames } from './names.ts';
import { readOwnCertificate, watchOwnCertificate } from './own-certificate.ts';

export interface PreparedHttps {
  tls?: { keyPem: string; certPem: string };
  caPem?: string;
  /** One line for the start banner. */
  summary?: string;
  /** Starts keeping the certificate current on the listening server; returns the stop function. */
  keepCurrent: (server: TlsServer, log: FastifyBaseLogger) => () => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const noop = () => () => {};

/** Throws a ConfigError (naming the file or variable) when the certificate cannot be made or read. */
export function prepareHttps(
  config: Pick<Config, 'https' | 'host' | 'dataDir'>,
  now = new Date(),
): PreparedHttps {
  const https = config.https;
  if (https.mode === 'off') return { keepCurrent: noop };
  if (https.mode === 'files') {
    const own = readOwnCertificate(https.certFile, https.keyFile);
    return {
      tls: { keyPem: own.keyPem, certPem: own.certPem },
      summary: `HTTPS with ${https.certFile} (valid until ${own.notAfter.toISOString().slice(0, 10)}; re-read when it changes)`,
      keepCurrent: (server, log) =>
        watchOwnCertificate(
          https.certFile,
          https.keyFile,
          (next) => {
            server.setSecureContext({ key: next.keyPem, cert: next.certPem });
            log.warn({ certFile: https.certFile, notAfter: next.notAfter }, 'HTTPS certificate re-read');
          },
          (error) => log.error(`${error.message} The previous certificate stays in use.`),
        ),
    };
  }
  const names = () => certificateNames({ host: config.host, extraNames: https.hostnames });
  const local = ensureLocalCertificates(config.dataDir, names(), now);
  return {
    tls: { keyPem: local.keyPem, certPem: local.certPem },
    caPem: local.caPem,
    summary: `HTTPS with the school CA in ${config.dataDir}/https (server certificate ${local.renewed ? `made: ${local.renewed}` : 'kept'}, valid until ${local.notAfter.toISOString().slice(0, 10)})`,
    keepCurrent: (server, log) => {
      // Daily: renews 30 days before the end, and when an address changed (a new DHCP lease).
      const timer = setInterval(() => {
        try {
          const next = ensureLocalCertificates(config.dataDir, names());
          if (next.renewed) {
            server.setSecureContext({ key: next.keyPem, cert: next.certPem });
            log.warn({ reason: next.renewed, notAfter: next.notAfter }, 'HTTPS server certificate renewed');
          }
        } catch (error) {
          log.error({ err: error }, 'HTTPS server certificate renewal failed; the current one stays in use');
        }
      }, DAY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
