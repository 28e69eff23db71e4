/**
 * HTTPS=auto: the local certificate authority in DATA_DIR/https and the server certificate it signs. The CA
 * is made once and kept (each device trusts it once); the server certificate is made again when it nears
 * its end, when the machine's names or addresses change, or when it was not signed by this CA.
 */
import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import {
  makeCertificateAuthority,
  makeServerCertificate,
  namesInCertificate,
  RENEW_BEFORE_DAYS,
  type PemPair,
} from './certificates.ts';
import { sameNames, type CertificateNames } from './names.ts';

export interface LocalCertificates {
  /** The server's key and its certificate followed by the CA's (the chain a TLS server sends). */
  keyPem: string;
  certPem: string;
  /** The CA certificate devices trust (GET /school-ca.crt). */
  caPem: string;
  /** Why the server certificate was (re)made this time, or null when the stored one was kept. */
  renewed: null | 'new' | 'expiring' | 'names changed' | 'other CA';
  notAfter: Date;
}

export const httpsDir = (dataDir: string) => path.join(dataDir, 'https');

const FILES = {
  caKey: 'school-ca.key',
  caCert: 'school-ca.crt',
  serverKey: 'server.key',
  serverCert: 'server.crt',
} as const;

/** Written under a temporary name and renamed, so a crash never leaves half a key; keys owner-only (0600). */
function writeAtomic(file: string, text: string, mode: number): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode });
  chmodSync(temporary, mode);
  renameSync(temporary, file);
}

function readPair(dir: string, keyName: string, certName: string): PemPair | null {
  const keyFile = path.join(dir, keyName);
  const certFile = path.join(dir, certName);
  if (!existsSync(keyFile) || !existsSync(certFile)) return null;
  try {
    return { keyPem: readFileSync(keyFile, 'utf8'), certPem: readFileSync(certFile, 'utf8') };
  } catch (error) {
    throw new ConfigError(
      `HTTPS=auto cannot read ${keyFile} or ${certFile} (${(error as Error).message}): start the server as the user that owns ${dir}.`,
    );
  }
}

function whyRenew(
  server: PemPair | null,
  ca: PemPair,
  names: CertificateNames,
  now: Date,
): LocalCertificates['renewed'] {
  if (!server) return 'new';
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(server.certPem);
  } catch {
    return 'new';
  }
  if (
    !cert.checkIssued(new X509Certificate(ca.certPem)) ||
    !cert.verify(new X509Certificate(ca.certPem).publicKey)
  ) {
    return 'other CA';
  }
  if (new Date(cert.validTo).getTime() - now.getTime() < RENEW_BEFORE_DAYS * 24 * 60 * 60 * 1000) {
    return 'expiring';
  }
  if (!sameNames(namesInCertificate(server.certPem), names)) return 'names changed';
  return null;
}

/** Loads or makes the CA, and loads, renews or makes the server certificate for `names`. */
export function ensureLocalCertificates(
  dataDir: string,
  names: CertificateNames,
  now = new Date(),
): LocalCertificates {
  const dir = httpsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let ca = readPair(dir, FILES.caKey, FILES.caCert);
  if (!ca) {
    ca = makeCertificateAuthority(`AI Lab school CA (${hostname()})`, now);
    writeAtomic(path.join(dir, FILES.caKey), ca.keyPem, 0o600);
    writeAtomic(path.join(dir, FILES.caCert), ca.certPem, 0o644);
  }
  let server = readPair(dir, FILES.serverKey, FILES.serverCert);
  const renewed = whyRenew(server, ca, names, now);
  if (renewed) {
    server = makeServerCertificate(ca, names, now);
    writeAtomic(path.join(dir, FILES.serverKey), server.keyPem, 0o600);
    writeAtomic(path.join(dir, FILES.serverCert), server.certPem, 0o644);
  }
  return {
    keyPem: server!.keyPem,
    certPem: `${server!.certPem.trim()}\n${ca.certPem.trim()}\n`,
    caPem: ca.certPem,
    renewed,
    notAfter: new Date(new X509Certificate(server!.certPem).validTo),
  };
}
