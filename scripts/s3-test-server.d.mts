export type TS3TestServer = {
  endpoint: string;
  bucket: string;
  /** STORAGE=s3 and the S3_* settings that reach this server. */
  env: Record<string, string>;
  close(): Promise<void>;
};
export function startS3TestServer(opts: {
  port?: number;
  dir: string;
  bucket?: string;
}): Promise<TS3TestServer>;
