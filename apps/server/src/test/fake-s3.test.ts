/**
 * The fake S3 server speaks the protocol as S3 does, checked with the AWS SDK itself as the client (and plain
 * fetch for what the SDK would never send): signatures, ranges, paging, S3's errors, and the two things
 * S3-compatible services refuse that the store's client settings avoid (aws-chunked bodies, DeleteObjects
 * without Content-MD5).
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3.ts';

describe('fake S3 server', () => {
  let s3: FakeS3;
  let clients: S3Client[] = [];
  const client = (options: { secret?: string; checksums?: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED' } = {}) => {
    const made = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'fake-id', secretAccessKey: options.secret ?? 'fake-secret' },
      requestChecksumCalculation: options.checksums ?? 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    s3 = await startFakeS3({ accessKeyId: 'fake-id', secretAccessKey: 'fake-secret', bucket: 'fake-bucket' });
  });
  afterAll(async () => {
    for (const made of clients) made.destroy();
    clients = [];
    await s3.close();
  });

  it('gives the STORAGE_URL that points at it', () => {
    expect(s3.url).toBe(`s3://fake-bucket?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`);
  });

  it('checks signatures over keys and query values that need escaping', async () => {
    const sdk = client();
    const key = 'odd/a b+c ü (1)*.txt';
    await sdk.send(
      new PutObjectCommand({ Bucket: 'fake-bucket', Key: key, Body: 'odd', ContentType: 'text/plain' }),
    );
    expect(s3.objects().get(key)?.toString()).toBe('odd');
    const listed = await sdk.send(new ListObjectsV2Command({ Bucket: 'fake-bucket', Prefix: 'odd/a b+' }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([key]);
    const head = await sdk.send(new HeadObjectCommand({ Bucket: 'fake-bucket', Key: key }));
    expect(head).toMatchObject({ ContentLength: 3, ContentType: 'text/plain' });
  });

  it('refuses a wrong secret, an unknown key id and an unsigned request', async () => {
    await expect(
      client({ secret: 'not-the-secret' }).send(
        new PutObjectCommand({ Bucket: 'fake-bucket', Key: 'x', Body: 'x' }),
      ),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    const unsigned = await fetch(`${s3.endpoint}/fake-bucket/x`, { method: 'PUT', body: 'x' });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    expect(s3.objects().has('x')).toBe(false);
  });

  it('answers a Range with 206 and Content-Range, and a missing key with NoSuchKey', async () => {
    const sdk = client();
    await sdk.send(new PutObjectCommand({ Bucket: 'fake-bucket', Key: 'r/digits', Body: '0123456789' }));
    const part = await sdk.send(
      new GetObjectCommand({ Bucket: 'fake-bucket', Key: 'r/digits', Range: 'bytes=2-5' }),
    );
    expect(part.$metadata.httpStatusCode).toBe(206);
    expect(part.ContentRange).toBe('bytes 2-5/10');
    expect(await part.Body!.transformToString()).toBe('2345');
    const suffix = await sdk.send(
      new GetObjectCommand({ Bucket: 'fake-bucket', Key: 'r/digits', Range: 'bytes=-3' }),
    );
    expect(await suffix.Body!.transformToString()).toBe('789');
    await expect(
      sdk.send(new GetObjectCommand({ Bucket: 'fake-bucket', Key: 'r/digits', Range: 'bytes=10-' })),
    ).rejects.toMatchObject({ name: 'InvalidRange' });
    await expect(
      sdk.send(new GetObjectCommand({ Bucket: 'fake-bucket', Key: 'r/none' })),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(
      sdk.send(new GetObjectCommand({ Bucket: 'other-bucket', Key: 'r/digits' })),
    ).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('pages ListObjectsV2 with max-keys and continuation tokens', async () => {
    const sdk = client();
    const keys = Array.from({ length: 5 }, (_, i) => `p/${i}`);
    for (const key of keys)
      await sdk.send(new PutObjectCommand({ Bucket: 'fake-bucket', Key: key, Body: key }));
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await sdk.send(
        new ListObjectsV2Command({
          Bucket: 'fake-bucket',
          Prefix: 'p/',
          MaxKeys: 2,
          ContinuationToken: token,
        }),
      );
      pages += 1;
      seen.push(...(page.Contents ?? []).map((o) => o.Key!));
      expect(page.KeyCount).toBe(page.Contents?.length ?? 0);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    expect(seen).toEqual(keys);
    expect(pages).toBe(3);
  });

  it('refuses DeleteObjects without Content-MD5, as S3-compatible services do', async () => {
    // A stock client sends a CRC32 header instead of Content-MD5 (the S3 store swaps it).
    await expect(
      client().send(
        new DeleteObjectsCommand({ Bucket: 'fake-bucket', Delete: { Objects: [{ Key: 'p/0' }] } }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidRequest' });
    expect(s3.objects().has('p/0')).toBe(true);
  });

  it('refuses aws-chunked bodies, which the SDK sends for streams unless checksums are only when required', async () => {
    const stream = () => Readable.from([Buffer.from('streamed '), Buffer.from('body')]);
    await expect(
      client({ checksums: 'WHEN_SUPPORTED' }).send(
        new PutObjectCommand({ Bucket: 'fake-bucket', Key: 's/chunked', Body: stream(), ContentLength: 13 }),
      ),
    ).rejects.toMatchObject({ name: 'NotImplemented' });
    await client().send(
      new PutObjectCommand({ Bucket: 'fake-bucket', Key: 's/plain', Body: stream(), ContentLength: 13 }),
    );
    expect(s3.objects().get('s/plain')?.toString()).toBe('streamed body');
  });
});
