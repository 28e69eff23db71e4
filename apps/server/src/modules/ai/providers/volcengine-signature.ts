/**
 * Volcengine OpenAPI request signing ("签名方法", HMAC-SHA256, signature V4 — the AWS SigV4 scheme with
 * Volcengine's names), as its documentation and SDKs compute it:
 * 1. canonical request: method, path, the query sorted by name and RFC 3986-encoded, the signed headers
 *    (`name:value`, lower-case names, sorted) each on its own line, a blank line, their names joined by `;`,
 *    and the body's SHA-256 in hex (also sent as `X-Content-Sha256`);
 * 2. string to sign: `HMAC-SHA256`, the `X-Date` (YYYYMMDDTHHMMSSZ, UTC), the credential scope
 *    `YYYYMMDD/<region>/<service>/request`, and the canonical request's SHA-256;
 * 3. signing key: HMAC chain from the SecretAccessKey through the date, the region, the service and
 *    "request" (no prefix on the key, unlike AWS's "AWS4");
 * 4. `Authorization: HMAC-SHA256 Credential=<AccessKeyId>/<scope>, SignedHeaders=<names>, Signature=<hex>`.
 */
import { createHash, createHmac } from 'node:crypto';

export const VOLC_ALGORITHM = 'HMAC-SHA256';
/** The headers we sign, in their canonical (sorted) order. */
export const VOLC_SIGNED_HEADERS = ['content-type', 'host', 'x-content-sha256', 'x-date'] as const;

export interface VolcSignInput {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The product's service name: `cv` for the visual APIs. */
  service: string;
  method: string;
  host: string;
  path: string;
  query: Record<string, string>;
  contentType: string;
  /** The body exactly as sent. */
  body: string;
  date: Date;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The `X-Date` form of a time: 20220831T120000Z. */
export function volcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 3986 percent-encoding: everything but letters, digits and `-_.~`. */
export function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The query as signed and sent: names sorted, names and values encoded. */
export function canonicalQuery(query: Record<string, string>): string {
  return Object.keys(query)
    .sort()
    .map((name) => `${rfc3986(name)}=${rfc3986(query[name] ?? '')}`)
    .join('&');
}

export interface VolcSignature {
  /** The headers to send (fetch adds Host itself, from the URL: the same value). */
  headers: Record<string, string>;
  signature: string;
  canonicalRequest: string;
  stringToSign: string;
}

export function volcSign(input: VolcSignInput): VolcSignature {
  const xDate = volcDateTime(input.date);
  const day = xDate.slice(0, 8);
  const bodyHash = sha256Hex(input.body);
  const values: Record<(typeof VOLC_SIGNED_HEADERS)[number], string> = {
    'content-type': input.contentType,
    host: input.host,
    'x-content-sha256': bodyHash,
    'x-date': xDate,
  };
  const signedHeaders = VOLC_SIGNED_HEADERS.join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.path || '/',
    canonicalQuery(input.query),
    VOLC_SIGNED_HEADERS.map((name) => `${name}:${values[name].trim()}\n`).join(''),
    signedHeaders,
    bodyHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/request`;
  const stringToSign = [VOLC_ALGORITHM, xDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(input.secretAccessKey, day), input.region), input.service), 'request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    headers: {
      authorization: `${VOLC_ALGORITHM} Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
      'content-type': input.contentType,
      'x-content-sha256': bodyHash,
      'x-date': xDate,
    },
    signature,
    canonicalRequest,
    stringToSign,
  };
}
