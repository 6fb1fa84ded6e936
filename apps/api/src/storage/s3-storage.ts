import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { TS3Config } from '../config.ts';
import { contentTypeOf, newStoredPath, sha256Hex, storedKey, type TStorage } from './storage.ts';

export function createS3Client(c: TS3Config): S3Client {
  return new S3Client({
    region: c.region,
    forcePathStyle: c.forcePathStyle,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    ...(c.credentials ? { credentials: c.credentials } : {}),
    // The SDK's default (CRC32 checksums on every request and answer) is refused or garbled by
    // several S3-compatible stores; the files' sha256 is kept in their metadata instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/** Files in an S3-compatible bucket through the AWS SDK v3 (STORAGE=s3, decision 033); keys are `<folder>/<name>`. */
export function createS3Storage(c: TS3Config, client: S3Client = createS3Client(c)): TStorage {
  async function put(publicPath: string, bytes: Buffer) {
    const k = storedKey(publicPath);
    if (!k) throw new Error(`not a stored path: ${publicPath}`);
    await client.send(
      new PutObjectCommand({
        Bucket: c.bucket,
        Key: k.key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentTypeOf(k.name),
        Metadata: { sha256: sha256Hex(bytes) },
      }),
    );
  }
  return {
    kind: 's3',
    async save(folder, bytes, ext) {
      const stored = newStoredPath(folder, ext);
      await put(stored, bytes);
      return stored;
    },
    async remove(publicPath) {
      const k = storedKey(publicPath);
      if (k) await client.send(new DeleteObjectCommand({ Bucket: c.bucket, Key: k.key }));
    },
    async open(publicPath) {
      const k = storedKey(publicPath);
      if (!k) return null;
      const got = await client.send(new GetObjectCommand({ Bucket: c.bucket, Key: k.key })).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!got?.Body) return null;
      const sha = got.Metadata?.sha256;
      return {
        // In Node the SDK answers a Readable (an http.IncomingMessage).
        stream:
          got.Body instanceof Readable ? got.Body : Readable.from(await got.Body.transformToByteArray()),
        size: got.ContentLength ?? 0,
        contentType: contentTypeOf(k.name),
        etag: sha && /^[0-9a-f]{64}$/.test(sha) ? `"${sha}"` : (got.ETag ?? null),
        lastModified: got.LastModified ?? null,
      };
    },
    put,
  };
}
