/**
 * HTTPS_CERT_FILE + HTTPS_KEY_FILE: the school's own certificate. Checked before the server listens (a
 * broken file stops start-up with a message naming it) and read again whenever either file changes, so a
 * renewed certificate (certbot, the school's IT) is served without a restart.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { ConfigError } from '../config.ts';

export interface OwnCertificate {
  keyPem: string;
  certPem: string;
  notAfter: Date;
}

function readText(variable: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'permission denied' : code;
    throw new ConfigError(`${variable} ${file} cannot be read: ${why}.`);
  }
}

/** Reads and checks both files; throws a ConfigError naming the variable and the file that is wrong. */
export function readOwnCertificate(certFile: string, keyFile: string): OwnCertificate {
  const certPem = readText('HTTPS_CERT_FILE', certFile);
  const keyPem = readText('HTTPS_KEY_FILE', keyFile);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new ConfigError(
      `HTTPS_CERT_FILE ${certFile} holds no certificate Node can read: expected a PEM file starting with "-----BEGIN CERTIFICATE-----".`,
    );
  }
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new ConfigError(
      `HTTPS_KEY_FILE ${keyFile} holds no private key Node can read: expected an unencrypted PEM key ("-----BEGIN PRIVATE KEY-----").`,
    );
  }
  if (!cert.checkPrivateKey(key)) {
    throw new ConfigError(
      `HTTPS_KEY_FILE ${keyFile} is not the key of the certificate in HTTPS_CERT_FILE ${certFile}.`,
    );
  }
  return { keyPem, certPem, notAfter: new Date(cert.validTo) };
}

/**
 * Calls `onChange` with the files' new content when either changes (polled: an editor's or certbot's
 * replace-by-rename is seen too), or `onError` when the new files are broken: the old ones stay served.
 */
export function watchOwnCertificate(
  certFile: string,
  keyFile: string,
  onChange: (certificate: OwnCertificate) => void,
  onError: (error: Error) => void,
  intervalMs = 5000,
): () => void {
  const reload = () => {
    try {
      onChange(readOwnCertificate(certFile, keyFile));
    } catch (error) {
      onError(error as Error);
    }
  };
  const options = { interval: intervalMs, persistent: false };
  watchFile(certFile, options, reload);
  watchFile(keyFile, options, reload);
  return () => {
    unwatchFile(certFile, reload);
    unwatchFile(keyFile, reload);
  };
}
