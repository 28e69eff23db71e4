/**
 * Volcengine's HMAC-SHA256 (V4) signing against a worked example written out here by hand from the
 * documented steps — the canonical request and the string to sign as literal text, the key chain with
 * node:crypto — independently of the signer.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, rfc3986, volcDateTime, volcSign } from './volcengine-signature.ts';

const example = {
  accessKeyId: 'AKLTexampleAccessKey0001',
  secretAccessKey: 'exampleSecretKey/0001+abc==',
  region: 'cn-north-1',
  service: 'cv',
  method: 'POST',
  host: 'visual.volcengineapi.com',
  path: '/',
  query: { Version: '2022-08-31', Action: 'EnhancePhotoV2' },
  contentType: 'application/json',
  body: '{"req_key":"lens_lqir","binary_data_base64":["iVBORw0KGgo="]}',
  date: new Date('2022-08-31T12:34:56.789Z'),
};

function documented(): string {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const bodyHash = sha(example.body);
  const canonicalRequest =
    'POST\n/\nAction=EnhancePhotoV2&Version=2022-08-31\n' +
    'content-type:application/json\nhost:visual.volcengineapi.com\n' +
    `x-content-sha256:${bodyHash}\nx-date:20220831T123456Z\n\n` +
    'content-type;host;x-content-sha256;x-date\n' +
    bodyHash;
  const stringToSign = `HMAC-SHA256\n20220831T123456Z\n20220831/cn-north-1/cv/request\n${sha(canonicalRequest)}`;
  const kDate = createHmac('sha256', example.secretAccessKey).update('20220831').digest();
  const kRegion = createHmac('sha256', kDate).update('cn-north-1').digest();
  const kService = createHmac('sha256', kRegion).update('cv').digest();
  const kSigning = createHmac('sha256', kService).update('request').digest();
  return createHmac('sha256', kSigning).update(stringToSign).digest('hex');
}

describe('Volcengine HMAC-SHA256 signing', () => {
  it('signs the worked example as the documented steps compute it', () => {
    const signed = volcSign(example);
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.signature).toBe(documented());
    expect(signed.headers.authorization).toBe(
      `HMAC-SHA256 Credential=AKLTexampleAccessKey0001/20220831/cn-north-1/cv/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=${signed.signature}`,
    );
    expect(signed.headers['x-date']).toBe('20220831T123456Z');
    expect(signed.headers['x-content-sha256']).toBe(createHash('sha256').update(example.body).digest('hex'));
  });

  it('changes with the key, the body, the query, the region and the time', () => {
    const base = volcSign(example).signature;
    expect(volcSign({ ...example, secretAccessKey: 'other' }).signature).not.toBe(base);
    expect(volcSign({ ...example, body: '{}' }).signature).not.toBe(base);
    expect(
      volcSign({ ...example, query: { ...example.query, Action: 'OverResolutionV2' } }).signature,
    ).not.toBe(base);
    expect(volcSign({ ...example, region: 'cn-beijing' }).signature).not.toBe(base);
    expect(volcSign({ ...example, date: new Date('2022-08-31T12:34:57Z') }).signature).not.toBe(base);
  });

  it('encodes and sorts the query the RFC 3986 way', () => {
    expect(rfc3986("a b*!'()~._-")).toBe('a%20b%2A%21%27%28%29~._-');
    expect(canonicalQuery({ b: '2', a: 'x y', A: '1' })).toBe('A=1&a=x%20y&b=2');
    expect(volcDateTime(new Date('2024-01-02T03:04:05.000Z'))).toBe('20240102T030405Z');
  });
});
