/**
 * A local stand-in for Volcengine's visual APIs (service `cv`), speaking their documented protocol: one
 * endpoint, `?Action=…&Version=2022-08-31`, a JSON body with `req_key` and `binary_data_base64`, every call
 * signed with HMAC-SHA256 (V4). The fake recomputes the signature from the request itself with its own copy of
 * the algorithm (so a mistake in the app's signer shows) and refuses a bad one as Volcengine does: HTTP 401
 * with `ResponseMetadata.Error.Code` `SignatureDoesNotMatch`. A good call answers `code: 10000` and a PNG:
 * the same size as the photo for repair and enhancement, twice its width and height for super-resolution.
 * Modes: `error` answers a business failure (code 50500), `notImage` answers bytes that are not a picture.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { imageSize } from 'image-size';

export type FakeVolcMode = 'ok' | 'error' | 'notImage';

export interface FakeVolcRequest {
  action: string;
  version: string;
  body: Record<string, unknown>;
  /** Whether the signature, the key and the date checked out. */
  signed: boolean;
  headers: IncomingMessage['headers'];
}

export interface FakeVolcengine {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  mode: FakeVolcMode;
  requests: FakeVolcRequest[];
  close(): Promise<void>;
}

const ACTIONS: Record<string, { reqKey: string; scale: number }> = {
  ConvertPhotoV2: { reqKey: 'lens_opr', scale: 1 },
  EnhancePhotoV2: { reqKey: 'lens_lqir', scale: 1 },
  OverResolutionV2: { reqKey: 'lens_nnsr2_pic_common', scale: 2 },
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height RGB PNG of a soft diagonal gradient (what the fake "restores" every photo to). */
export function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      rows[i] = Math.round((x / width) * 200) + 30;
      rows[i + 1] = Math.round((y / height) * 200) + 30;
      rows[i + 2] = 150;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const mac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature Volcengine would expect for this request, rebuilt from what arrived. */
function expectedSignature(req: IncomingMessage, url: URL, payload: string, secret: string): string {
  const authorization = String(req.headers.authorization ?? '');
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1] ?? '';
  const scope = /Credential=[^/]+\/([^,]+)/.exec(authorization)?.[1] ?? '';
  const [day = '', region = '', service = ''] = scope.split('/');
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonical = ['POST', url.pathname, query, headers, signedHeaders, hex(payload)].join('\n');
  const toSign = ['HMAC-SHA256', String(req.headers['x-date'] ?? ''), scope, hex(canonical)].join('\n');
  const key = mac(mac(mac(mac(secret, day), region), service), 'request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** X-Date within 15 minutes of now, as Volcengine requires. */
function freshDate(value: string | undefined): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return false;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1).map(Number);
  const at = Date.UTC(y, mo - 1, d, h, mi, s);
  return Math.abs(Date.now() - at) < 15 * 60_000;
}

export async function startFakeVolcengine(
  accessKeyId = 'AKLTfakeVolcAccessKey01',
  secretAccessKey = 'fakeVolcSecretKey01==',
): Promise<FakeVolcengine> {
  const fake: FakeVolcengine = {
    url: '',
    accessKeyId,
    secretAccessKey,
    mode: 'ok',
    requests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      let payload = '';
      for await (const piece of req) payload += String(piece);
      const url = new URL(req.url ?? '/', 'http://fake');
      const action = url.searchParams.get('Action') ?? '';
      const version = url.searchParams.get('Version') ?? '';
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(payload) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const answer = (status: number, json: Record<string, unknown>) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const metadataError = (status: number, code: string, message: string) =>
        answer(status, {
          ResponseMetadata: {
            RequestId: `req-${fake.requests.length}`,
            Action: action,
            Version: version,
            Service: 'cv',
            Region: 'cn-north-1',
            Error: { Code: code, Message: message },
          },
        });
      const business = (code: number, message: string, data: unknown = null) =>
        answer(code === 10000 ? 200 : 400, {
          code,
          message,
          data,
          request_id: `req-${fake.requests.length}`,
          time_elapsed: '12ms',
        });

      const authorization = String(req.headers.authorization ?? '');
      const credential = /Credential=([^/]+)\//.exec(authorization)?.[1];
      const signature = /Signature=([0-9a-f]+)/.exec(authorization)?.[1];
      const bodyHashOk = req.headers['x-content-sha256'] === hex(payload);
      const signed =
        authorization.startsWith('HMAC-SHA256 ') &&
        credential === accessKeyId &&
        bodyHashOk &&
        freshDate(String(req.headers['x-date'] ?? '')) &&
        /SignedHeaders=[^,]*x-date/.test(authorization) &&
        signature === expectedSignature(req, url, payload, secretAccessKey);
      fake.requests.push({ action, version, body, signed, headers: req.headers });
      if (credential !== accessKeyId)
        return metadataError(401, 'InvalidAccessKey', 'The AccessKey is invalid');
      if (!signed)
        return metadataError(
          401,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match',
        );

      const known = ACTIONS[action];
      if (!known || version !== '2022-08-31')
        return metadataError(404, 'InvalidActionOrVersion', `${action} (${version}) is not supported`);
      if (body.req_key !== known.reqKey) return business(50400, `req_key must be ${known.reqKey}`);
      const images = body.binary_data_base64;
      const photo =
        Array.isArray(images) && typeof images[0] === 'string' ? Buffer.from(images[0], 'base64') : undefined;
      let size: { width: number; height: number } | undefined;
      try {
        size = photo ? imageSize(photo) : undefined;
      } catch {
        size = undefined;
      }
      if (!size) return business(50411, 'Input image is invalid');
      if (fake.mode === 'error') return business(50500, 'Internal Error');
      const result =
        fake.mode === 'notImage'
          ? Buffer.from('this is not a picture')
          : gradientPng(size.width * known.scale, size.height * known.scale);
      return business(10000, 'Success', { binary_data_base64: [result.toString('base64')] });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return fake;
}

/** The settings that point the app's photo tools at this fake. */
export function fakeVolcEnv(fake: FakeVolcengine): Record<string, string> {
  return {
    AI_VOLC_ACCESS_KEY: fake.accessKeyId,
    AI_VOLC_SECRET_KEY: fake.secretAccessKey,
    AI_VOLC_BASE_URL: fake.url,
  };
}
