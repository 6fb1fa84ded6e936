import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const S3 = { STORAGE: 's3', S3_BUCKET: 'haulpro-uploads' };

describe('STORAGE and S3_*', () => {
  it('is disk unless told otherwise, and database or s3 when told', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ STORAGE: 'database' }).storage).toEqual({ kind: 'database' });
    expect(loadConfig(S3).storage).toEqual({
      kind: 's3',
      s3: {
        endpoint: null,
        bucket: 'haulpro-uploads',
        region: 'us-east-1',
        credentials: null,
        forcePathStyle: false,
      },
    });
    expect(
      loadConfig({
        ...S3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'haulpro-uploads',
        region: 'eu-central-1',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
  });

  it('stops the server on a bad value, saying which setting and why', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ STORAGE: 'nfs' }, /STORAGE must be disk, database or s3; got "nfs"/],
      [{ STORAGE: 's3' }, /STORAGE=s3 needs S3_BUCKET/],
      [{ ...S3, S3_BUCKET: 'Upper_Case' }, /S3_BUCKET/],
      [{ ...S3, S3_ENDPOINT: 'ftp://store' }, /S3_ENDPOINT must be an http\(s\) URL/],
      [{ ...S3, S3_REGION: 'us east' }, /S3_REGION/],
      [{ ...S3, S3_ACCESS_KEY_ID: 'id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ ...S3, S3_SECRET_ACCESS_KEY: 'secret' }, /go together/],
      [{ ...S3, S3_FORCE_PATH_STYLE: '1' }, /S3_FORCE_PATH_STYLE must be true or false/],
    ];
    for (const [env, message] of bad) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('leaves S3_* unread unless STORAGE=s3', () => {
    expect(loadConfig({ S3_FORCE_PATH_STYLE: 'maybe', S3_BUCKET: 'X' }).storage).toEqual({ kind: 'disk' });
  });
});
