/**
 * A local S3-compatible server for tests and benches, speaking the S3 REST API the AWS SDK uses, path-style
 * (`http://127.0.0.1:PORT/BUCKET/KEY`), with objects kept in memory (tests move at most tens of MB).
 *
 *   const s3 = await startFakeS3({ accessKeyId: 'k', secretAccessKey: 's', bucket: 'b' });
 *   // STORAGE_URL=s3.url  STORAGE_ACCESS_KEY_ID=k  STORAGE_SECRET_ACCESS_KEY=s
 *   s3.objects();                 // Map key → bytes, what the bucket holds now
 *   s3.pendingMultipartUploads(); // multipart uploads started and neither completed nor aborted
 *   await s3.close();
 *
 * Operations: PutObject, GetObject (Range → 206 + Content-Range), HeadObject, DeleteObject, DeleteObjects
 * (`POST ?delete`, which must carry a valid Content-MD5 as S3's API reference and MinIO require),
 * ListObjectsV2 (prefix, max-keys, continuation-token), CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload, AbortMultipartUpload. Errors are S3's XML (`NoSuchKey` 404, `NoSuchBucket` 404,
 * `SignatureDoesNotMatch` 403, …).
 *
 * Every request must be signed with AWS Signature V4: the fake rebuilds the canonical request, the string to
 * sign and the signing key from its own copy of the secret, so a wrong secret (or a signing mistake) is
 * refused. `x-amz-content-sha256` may be the body's hex SHA-256 (checked against the body) or
 * UNSIGNED-PAYLOAD; aws-chunked streaming bodies (`STREAMING-…`), which many S3-compatible services reject,
 * are refused too, so a client that sends them fails here as it would there.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Options {
  accessKeyId?: string;
  secretAccessKey?: string;
  bucket?: string;
  region?: string;
}

export interface FakeS3 {
  /** `http://127.0.0.1:PORT` */
  endpoint: string;
  /** The STORAGE_URL that points the app at this bucket (keys go in STORAGE_ACCESS_KEY_ID / _SECRET_…). */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  /** A copy of what the bucket holds: key → bytes. */
  objects(): Map<string, Buffer>;
  /** Multipart uploads created and neither completed nor aborted (a leak when an upload failed). */
  pendingMultipartUploads(): number;
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  etag: string;
  modifiedAt: Date;
  contentType: string;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  parts: Map<number, { body: Buffer; etag: string }>;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resource?: string,
  ) {
    super(message);
  }
}

const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const xmlUnescape = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[name]) return named[name];
    return String.fromCodePoint(name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
  });
/** Every `<tag>…</tag>` text in a (flat enough) XML document, in order. */
const xmlAll = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
/** S3's answers carry its namespace; its <Error> documents do not. */
const xmlDocument = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root}${root === 'Error' ? '' : ' xmlns="http://s3.amazonaws.com/doc/2006-03-01/"'}>${inner}</${root}>`;

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
      const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, '%20'));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .filter(([name]) => name !== 'X-Amz-Signature')
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Each header's values as they arrived (several lines of one header joined by commas, as SigV4 says). */
function headerValues(req: IncomingMessage): Map<string, string> {
  const values = new Map<string, string[]>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const value = req.rawHeaders[i + 1]!.trim().replace(/\s+/g, ' ');
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return new Map([...values].map(([name, list]) => [name, list.join(',')]));
}

/** Checks the request's Signature V4 against our own secret; throws S3's error when it does not match. */
function verifySignature(
  req: IncomingMessage,
  rawPath: string,
  rawQuery: string,
  body: Buffer,
  expected: { accessKeyId: string; secretAccessKey: string; region: string },
): void {
  const authorization = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) throw new S3Error(403, 'AccessDenied', 'Requests must be signed with AWS Signature Version 4.');
  const [, keyId, day, region, signedHeaderList, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (keyId !== expected.accessKeyId) {
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  if (region !== expected.region) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `the region '${region}' is wrong; expecting '${expected.region}'`,
    );
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day))
    throw new S3Error(403, 'SignatureDoesNotMatch', 'x-amz-date does not match the credential scope.');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash.startsWith('STREAMING-')) {
    throw new S3Error(
      501,
      'NotImplemented',
      `x-amz-content-sha256 ${payloadHash} (aws-chunked bodies) is not supported.`,
    );
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    if (!/^[0-9a-f]{64}$/.test(payloadHash)) {
      throw new S3Error(
        400,
        'InvalidArgument',
        'x-amz-content-sha256 must be the body hash or UNSIGNED-PAYLOAD.',
      );
    }
    if (payloadHash !== sha256Hex(body)) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) {
    throw new S3Error(403, 'AccessDenied', 'host and x-amz-date must be signed.');
  }
  const values = headerValues(req);
  const canonicalRequest = [
    req.method,
    rawPath,
    canonicalQuery(rawQuery),
    signedHeaders.map((name) => `${name}:${values.get(name) ?? ''}\n`).join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${expected.secretAccessKey}`, day), region), 's3'),
    'aws4_request',
  );
  if (hmac(signingKey, stringToSign).toString('hex') !== signature) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → inclusive offsets, or null to send the whole object. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
  }
  return { start, end };
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const accessKeyId = options.accessKeyId ?? 'fake-access-key';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-key';
  const bucket = options.bucket ?? 'test-bucket';
  const region = options.region ?? 'us-east-1';
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();

  function store(key: string, body: Buffer, contentType: string, etag = `"${md5Hex(body)}"`): string {
    objects.set(key, { body, etag, modifiedAt: new Date(), contentType });
    return etag;
  }

  function objectOf(key: string): StoredObject {
    const object = objects.get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', key);
    return object;
  }

  function uploadOf(uploadId: string | null): MultipartUpload {
    const upload = uploadId ? uploads.get(uploadId) : undefined;
    if (!upload) throw new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    return upload;
  }

  function sendXml(res: ServerResponse, status: number, xml: string) {
    res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
    res.end(xml);
  }

  function listObjects(res: ServerResponse, query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(1000, Math.max(0, Number(query.get('max-keys') ?? 1000) || 1000));
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString() : (query.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return (
          `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.modifiedAt.toISOString()}</LastModified>` +
          `<ETag>${xmlEscape(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
        );
      })
      .join('');
    sendXml(
      res,
      200,
      xmlDocument(
        'ListBucketResult',
        `<Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          (token ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '') +
          (truncated
            ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
            : '') +
          contents,
      ),
    );
  }

  function deleteObjects(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const md5 = req.headers['content-md5'];
    if (!md5) {
      throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
    }
    if (md5 !== createHash('md5').update(body).digest('base64')) {
      throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    }
    const xml = body.toString('utf8');
    const keys = xmlAll(xml, 'Object').map((object) => xmlUnescape(xmlAll(object, 'Key')[0] ?? ''));
    if (keys.length > 1000) throw new S3Error(400, 'MalformedXML', 'At most 1000 keys per request.');
    for (const key of keys) objects.delete(key);
    const quiet = /<Quiet>true<\/Quiet>/.test(xml);
    const deleted = quiet
      ? ''
      : keys.map((key) => `<Deleted><Key>${xmlEscape(key)}</Key></Deleted>`).join('');
    sendXml(res, 200, xmlDocument('DeleteResult', deleted));
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1);
    verifySignature(req, rawPath, rawQuery, body, { accessKeyId, secretAccessKey, region });
    const query = new URLSearchParams(rawQuery);
    const path = decodeURIComponent(rawPath);
    const slash = path.indexOf('/', 1);
    const bucketName = slash < 0 ? path.slice(1) : path.slice(1, slash);
    const key = slash < 0 ? '' : path.slice(slash + 1);
    if (bucketName !== bucket) {
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', bucketName);
    }
    const method = req.method ?? 'GET';
    const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');

    if (!key) {
      if (method === 'GET' && query.get('list-type') === '2') return listObjects(res, query);
      if (method === 'POST' && query.has('delete')) return deleteObjects(req, res, body);
      if (method === 'HEAD') return void res.writeHead(200).end();
      throw new S3Error(501, 'NotImplemented', `${method} on a bucket is not implemented by the fake.`);
    }

    const uploadId = query.get('uploadId');
    if (method === 'POST' && query.has('uploads')) {
      const id = randomUUID();
      uploads.set(id, { key, contentType, parts: new Map() });
      return sendXml(
        res,
        200,
        xmlDocument(
          'InitiateMultipartUploadResult',
          `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId>`,
        ),
      );
    }
    if (method === 'PUT' && uploadId) {
      const upload = uploadOf(uploadId);
      const partNumber = Number(query.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000.');
      }
      const etag = `"${md5Hex(body)}"`;
      upload.parts.set(partNumber, { body, etag });
      return void res.writeHead(200, { etag }).end();
    }
    if (method === 'POST' && uploadId) {
      const upload = uploadOf(uploadId);
      const listed = xmlAll(body.toString('utf8'), 'Part').map((part) => ({
        number: Number(xmlAll(part, 'PartNumber')[0]),
        etag: xmlUnescape(xmlAll(part, 'ETag')[0] ?? ''),
      }));
      if (listed.length === 0)
        throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed.');
      const chunks: Buffer[] = [];
      listed.forEach(({ number, etag }, index) => {
        const part = upload.parts.get(number);
        if (!part || part.etag !== etag) {
          throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
        }
        if (index > 0 && number <= listed[index - 1]!.number) {
          throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
        }
        if (index < listed.length - 1 && part.body.length < 5 * 1024 * 1024) {
          throw new S3Error(
            400,
            'EntityTooSmall',
            'Your proposed upload is smaller than the minimum allowed size.',
          );
        }
        chunks.push(part.body);
      });
      const combinedMd5 = md5Hex(
        Buffer.concat(listed.map(({ etag }) => Buffer.from(etag.replace(/"/g, ''), 'hex'))),
      );
      const etag = store(
        upload.key,
        Buffer.concat(chunks),
        upload.contentType,
        `"${combinedMd5}-${listed.length}"`,
      );
      uploads.delete(uploadId);
      return sendXml(
        res,
        200,
        xmlDocument(
          'CompleteMultipartUploadResult',
          `<Location>http://${xmlEscape(String(req.headers.host))}/${xmlEscape(bucket)}/${xmlEscape(key)}</Location>` +
            `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag>`,
        ),
      );
    }
    if (method === 'DELETE' && uploadId) {
      uploadOf(uploadId);
      uploads.delete(uploadId);
      return void res.writeHead(204).end();
    }
    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source'])
        throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented.');
      const etag = store(key, body, contentType);
      return void res.writeHead(200, { etag }).end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objectOf(key);
      const size = object.body.length;
      const range = parseRange(req.headers.range, size);
      const headers: Record<string, string | number> = {
        'content-type': object.contentType,
        etag: object.etag,
        'last-modified': object.modifiedAt.toUTCString(),
        'accept-ranges': 'bytes',
      };
      if (range) {
        headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
        headers['content-length'] = range.end - range.start + 1;
      } else {
        headers['content-length'] = size;
      }
      res.writeHead(range ? 206 : 200, headers);
      if (method === 'HEAD') return void res.end();
      return void res.end(range ? object.body.subarray(range.start, range.end + 1) : object.body);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (error) {
        const e =
          error instanceof S3Error
            ? error
            : new S3Error(500, 'InternalError', (error as Error).message ?? 'error');
        if (req.method === 'HEAD') return void res.writeHead(e.status).end();
        sendXml(
          res,
          e.status,
          xmlDocument(
            'Error',
            `<Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>` +
              (e.resource ? `<Resource>${xmlEscape(e.resource)}</Resource>` : '') +
              `<RequestId>${randomUUID()}</RequestId>`,
          ),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    url: `s3://${bucket}?endpoint=${endpoint}&region=${region}&forcePathStyle=true`,
    accessKeyId,
    secretAccessKey,
    bucket,
    region,
    objects: () => new Map([...objects].map(([key, object]) => [key, object.body])),
    pendingMultipartUploads: () => uploads.size,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
