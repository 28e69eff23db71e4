/**
 * Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256, as Tencent documents it ("签名方法 v3"): a
 * canonical request (method, URI "/", empty query, the signed headers, the payload's SHA-256), a string to
 * sign with the credential scope `date/service/tc3_request`, and a signing key derived from "TC3" + the
 * SecretKey through the UTC date, the service and "tc3_request".
 */
import { createHash, createHmac } from 'node:crypto';

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** The product's short name (`asr`, `tts`), also the first label of its host. */
  service: string;
  host: string;
  action: string;
  /** The JSON body exactly as sent. */
  payload: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC day of the timestamp, YYYY-MM-DD: part of the credential scope. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/** The signature and the `Authorization` header value for one POST of JSON. */
export function tc3Sign(input: Tc3Input): { signature: string; authorization: string } {
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders =
    `content-type:application/json; charset=utf-8\n` +
    `host:${input.host}\n` +
    `x-tc-action:${input.action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(input.payload)].join(
    '\n',
  );
  const date = tc3Date(input.timestamp);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    signature,
    authorization: `${TC3_ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** The headers of a signed Tencent Cloud API call (fetch sends `Host` itself, from the URL: the same value). */
export function tc3Headers(input: Tc3Input & { version: string; region?: string }): Record<string, string> {
  return {
    authorization: tc3Sign(input).authorization,
    'content-type': 'application/json; charset=utf-8',
    'x-tc-action': input.action,
    'x-tc-version': input.version,
    'x-tc-timestamp': String(input.timestamp),
    ...(input.region ? { 'x-tc-region': input.region } : {}),
  };
}
