/**
 * The S3-compatible store (`STORAGE_URL=s3://…`, docs/storage.md): AWS S3, MinIO, Alibaba OSS, Tencent COS,
 * anything that speaks the S3 API. Object key = the URL's prefix + the store key, so `files/<uuid>` stays
 * `files/<uuid>` in the bucket (the copy command relies on it).
 *
 * Uploads stream through `@aws-sdk/lib-storage`'s `Upload`: a small body is one PutObject, a larger one a
 * multipart upload sent part by part, so memory stays at a few parts whatever the size. If the body stream
 * errors (a refused upload) the upload is aborted, so neither an object nor a pending multipart upload is left.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type StorageConfig } from '../../config.ts';
import { assertKey } from './local.ts';
import { StoredFileMissing, type BlobStore, type ByteRange, type StoredObject } from './types.ts';

export type S3StoreSettings = Extract<StorageConfig, { kind: 's3' }>;

export interface S3StoreTuning {
  /** Multipart part size in bytes (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts sent at once per upload (2 by default). */
  queueSize?: number;
  /** Keys per ListObjectsV2 page (1000, S3's maximum, by default; tests use fewer to cross pages). */
  listPageSize?: number;
  /** Keys per DeleteObjects request (1000, S3's maximum, by default; tests use fewer). */
  deleteBatchSize?: number;
}

/** S3 caps DeleteObjects at 1000 keys a request. */
const DELETE_BATCH = 1000;

/** "No such object" as S3 says it: NoSuchKey from GET, a bare 404 (NotFound) from HEAD. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  if (e?.name === 'NoSuchBucket' || e?.Code === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3Client(settings: S3StoreSettings): S3Client {
  const options: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Recent SDKs add CRC32 checksums to every upload and send streams as aws-chunked bodies with trailing
    // checksums; MinIO before 2025, Alibaba OSS, Tencent COS and other S3-compatible services refuse those.
    // Only where the API requires a checksum (docs/storage.md, "Compatibility").
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Each download in flight holds a socket until the browser has read it; the SDK's default of 50 would
    // queue the 51st pupil's download behind slow readers.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { maxSockets: 500 },
      httpsAgent: { maxSockets: 500 },
    },
  };
  const client = new S3Client(options);
  // DeleteObjects is the one call where S3 requires a checksum, and its API reference (and MinIO, OSS, COS)
  // want Content-MD5, while the SDK sends a CRC32 header instead: swap it for Content-MD5 before signing.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = (args as { request?: { headers: Record<string, string>; body?: unknown } }).request;
      if (context.commandName !== 'DeleteObjectsCommand' || !request || typeof request.body !== 'string') {
        return next(args);
      }
      for (const name of Object.keys(request.headers)) {
        const lower = name.toLowerCase();
        if (lower.startsWith('x-amz-checksum-') || lower === 'x-amz-sdk-checksum-algorithm') {
          delete request.headers[name];
        }
      }
      request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      return next(args);
    },
    // Low priority in the build step: after the checksum middleware added its header, before signing.
    { name: 'deleteObjectsContentMd5', step: 'build', priority: 'low' },
  );
  return client;
}

export class S3Store implements BlobStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    settings: S3StoreSettings,
    private readonly tuning: S3StoreTuning = {},
  ) {
    this.client = createS3Client(settings);
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    const where = settings.endpoint ?? `AWS ${settings.region}`;
    this.description = `S3 bucket ${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''} at ${where}`;
  }

  /**
   * One cheap call (list one key) so a wrong endpoint, bucket, region or key stops the server at start
   * with a clear message rather than failing the first upload.
   */
  async probe(): Promise<void> {
    try {
      await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, MaxKeys: 1 }),
      );
    } catch (error) {
      const e = error as Error;
      throw new ConfigError(
        `STORAGE_URL: cannot use ${this.description}: ${e.name}: ${e.message} ` +
          '(check STORAGE_URL, STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY; docs/storage.md).',
      );
    }
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  async put(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string } = {},
  ): Promise<{ size: number }> {
    const objectKey = this.objectKey(key);
    let size = 0;
    let counted: Readable | Buffer;
    if (Buffer.isBuffer(body)) {
      size = body.length;
      counted = body;
    } else {
      counted = Readable.from(
        (async function* () {
          for await (const chunk of body) {
            const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
            size += bytes.length;
            yield bytes;
          }
        })(),
      );
    }
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: objectKey,
        Body: counted,
        ContentType: options.contentType ?? 'application/octet-stream',
      },
      partSize: this.tuning.partSize,
      // Each part in flight is held in memory: 2 at a time keeps an upload near 15 MB whatever its size.
      queueSize: this.tuning.queueSize ?? 2,
      // Abort the multipart upload on any failure: no parts left to pay for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // A failure on the storage side leaves the body unread: let it go as the local store's pipeline would.
      if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const objectKey = this.objectKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StoredFileMissing(key);
      throw error;
    }
  }

  async getBuffer(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(keys: Iterable<string>): Promise<void> {
    const objectKeys = [...new Set(keys)].map((key) => this.objectKey(key));
    const batchSize = Math.min(this.tuning.deleteBatchSize ?? DELETE_BATCH, DELETE_BATCH);
    for (let i = 0; i < objectKeys.length; i += batchSize) {
      const batch = objectKeys.slice(i, i + batchSize);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0]!;
        throw new Error(
          `S3 refused to delete ${failed.length} object(s), first ${first.Key}: ${first.Code} ${first.Message ?? ''}`.trim(),
        );
      }
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: token,
          MaxKeys: this.tuning.listPageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(this.prefix)) continue;
        yield {
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
