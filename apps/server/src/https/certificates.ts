/**
 * The local certificate authority and the server certificates it signs, made with node-forge (a maintained
 * X.509 library; no ASN.1 written here). RSA 2048 / SHA-256 with subjectAltName and serverAuth: what
 * Chrome, Safari (iOS/iPadOS, macOS), Edge and Android all accept from a root the device trusts.
 */
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { normalizeIp, type CertificateNames } from './names.ts';

/** The CA is trusted once per device and kept for twenty years. */
export const CA_VALID_DAYS = 20 * 365;
/**
 * Under Apple's 825-day limit for certificates from a locally trusted root, and under the CA/Browser
 * Forum's 398 days, so no browser refuses it for its length; renewed 30 days before it ends.
 */
export const SERVER_VALID_DAYS = 397;
export const RENEW_BEFORE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A device whose clock is a little behind must not see a certificate "not yet valid". */
const BACKDATE_MS = 60 * 60 * 1000;

export interface PemPair {
  keyPem: string;
  certPem: string;
}

function newKeyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  // Node's native generator: forge's own (pure JavaScript) takes seconds on a slow school machine.
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** A positive random serial (the top bit clear), unique enough that no browser caches a stale one. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function validity(cert: forge.pki.Certificate, now: Date, days: number): void {
  cert.validity.notBefore = new Date(now.getTime() - BACKDATE_MS);
  cert.validity.notAfter = new Date(now.getTime() + days * DAY_MS);
}

/** A new certificate authority: `commonName` is what a device lists among its trusted roots. */
export function makeCertificateAuthority(commonName: string, now = new Date()): PemPair {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  validity(cert, now, CA_VALID_DAYS);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'AI Lab (local)' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    // pathLen 0: it signs server certificates only, never another CA.
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { keyPem: forge.pki.privateKeyToPem(keys.privateKey), certPem: forge.pki.certificateToPem(cert) };
}

/** A server certificate for `names`, signed by `ca`. */
export function makeServerCertificate(ca: PemPair, names: CertificateNames, now = new Date()): PemPair {
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const caKey = forge.pki.privateKeyFromPem(ca.keyPem);
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  validity(cert, now, SERVER_VALID_DAYS);
  cert.setSubject([{ name: 'commonName', value: names.dns[0] ?? names.ips[0] ?? 'localhost' }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...names.dns.map((value) => ({ type: 2, value })),
        ...names.ips.map((ip) => ({ type: 7, ip })),
      ],
    },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes(),
    },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { keyPem: forge.pki.privateKeyToPem(keys.privateKey), certPem: forge.pki.certificateToPem(cert) };
}

/** The DNS names and addresses a certificate is valid for, as Node reads its subjectAltName. */
export function namesInCertificate(certPem: string): CertificateNames {
  const cert = new X509Certificate(certPem);
  const dns: string[] = [];
  const ips: string[] = [];
  for (const entry of (cert.subjectAltName ?? '').split(', ')) {
    if (entry.startsWith('DNS:')) dns.push(entry.slice(4));
    else if (entry.startsWith('IP Address:')) ips.push(normalizeIp(entry.slice(11)));
  }
  return { dns, ips };
}
