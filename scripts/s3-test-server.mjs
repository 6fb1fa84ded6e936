#!/usr/bin/env node
// An S3-compatible server on loopback for tests and the replica check: s3rver (npm), a TEST DOUBLE
// of the S3 protocol, never a production store (it keeps objects as plain files, one process).
//   node scripts/s3-test-server.mjs --port 3400 --dir /tmp/s3 [--bucket haulpro]
// prints one JSON line (endpoint, bucket and the STORAGE=s3 settings to give the API) and serves
// until SIGTERM or SIGINT. Credentials are s3rver's fixed S3RVER / S3RVER.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

/** Starts s3rver on 127.0.0.1 (port 0: any free port) with the bucket created; answers its settings and a close(). */
export async function startS3TestServer({ port = 0, dir, bucket = 'haulpro' }) {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const info = await server.run();
  const endpoint = `http://127.0.0.1:${info.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, dir: { type: 'string' }, bucket: { type: 'string' } },
  });
  if (!values.port || !/^[0-9]{1,5}$/.test(values.port) || !values.dir) {
    console.error('usage: node scripts/s3-test-server.mjs --port N --dir DIR [--bucket NAME]');
    process.exit(2);
  }
  const s3 = await startS3TestServer({
    port: Number(values.port),
    dir: path.resolve(values.dir),
    ...(values.bucket ? { bucket: values.bucket } : {}),
  });
  console.log(JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, env: s3.env }));
  const stop = () => s3.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
