/**
 * What model-training tests send: real image files (PNG, JPEG, WebP headers with a given size), a tiny valid
 * ONNX model built with onnx-proto, multipart bodies with several files, and signed-in helpers.
 */
import { deflateSync } from 'node:zlib';
import { hourlySecret, passwordDigest } from '@ai-edu/contract';
import onnxProto from 'onnx-proto';
import type { ProductReply, TestApp } from '../../test/helpers.ts';

const { onnx } = onnxProto;

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real grey PNG of `width` × `height` (rows of zero bytes compress to almost nothing); `claim` writes
 * other sizes into the header only, for "too large" tests without megabytes of pixels.
 */
export function png(width: number, height: number, claim?: { width: number; height: number }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(claim?.width ?? width, 0);
  ihdr.writeUInt32BE(claim?.height ?? height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's header up to its frame (APP0, then SOF0 with the size); enough for a server that reads headers. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** An extended WebP (VP8X) header with its canvas size. */
export function webp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

/** A ZIP's first bytes (a TF.js export is a ZIP). */
export const zipBytes = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);

/** A tiny valid ONNX model: image [batch, 224, 224, 3] → Identity → probabilities, with our metadata. */
export function tinyOnnx(labels = ['cat', 'dog']): Buffer {
  const tensor = (name: string, dims: (number | string)[]) => ({
    name,
    type: {
      tensorType: {
        elemType: 1,
        shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'ai-edu test',
    producerVersion: '1',
    opsetImport: [{ domain: '', version: 13 }],
    metadataProps: [
      { key: 'labels', value: JSON.stringify(labels) },
      { key: 'task', value: 'cls' },
    ],
    graph: {
      name: 'tiny',
      node: [{ opType: 'Identity', input: ['image'], output: ['probabilities'] }],
      input: [tensor('image', ['batch', 224, 224, 3])],
      output: [tensor('probabilities', ['batch', 224, 224, 3])],
    },
  });
  return Buffer.from(onnx.ModelProto.encode(model).finish());
}

export interface FilePart {
  field: string;
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body with text fields and any number of files. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----train${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A JSON request as `uid`. */
export function requestAs(t: TestApp) {
  return (uid: string, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
}

/** A multipart upload as `uid`. */
export function uploadAs(t: TestApp) {
  return (uid: string, url: string, fields: Record<string, string>, files: FilePart[]) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en', ...body.headers },
      payload: body.payload,
    });
  };
}

/** A new class of `school` with one student, who signs in; answers the class id and the student's token. */
export async function classWithStudent(t: TestApp, schoolUid: string, name: string, schoolCode: string) {
  const as = requestAs(t);
  const klass = (await as(schoolUid, 'POST', '/api/classes', { name: `Class of ${name}`, schoolCode })).json<
    ProductReply<{ id: string }>
  >().data;
  const [created] = (
    await as(schoolUid, 'POST', `/api/classes/${klass.id}/students`, { names: [name] })
  ).json<ProductReply<{ account: string; password: string }[]>>().data;
  const login = await t.post('/api/login_stu', {
    account: created!.account,
    password: passwordDigest(created!.password),
    secret: hourlySecret(t.config.secrets.clientSecret, t.clock.now()),
  });
  return { classId: klass.id, student: login.json<ProductReply<{ uid: string }>>().data.uid };
}
