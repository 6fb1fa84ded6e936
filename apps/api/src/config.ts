import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zDecimal, zInt } from '@haulpro/shared/parse';
import { REFERRAL_CREDIT_DEFAULT } from '@haulpro/shared/referral';
import { LIVE_HEARTBEAT_SECONDS } from '@haulpro/shared/talk';
import { z } from 'zod';

/** The nearest folder at or above `dir` whose package.json is the API's (@haulpro/api). */
function apiPackageDir(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    const manifest = path.join(d, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@haulpro/api') return d;
    if (path.dirname(d) === d) throw new Error(`no @haulpro/api package.json above ${dir}`);
  }
}

/**
 * The API package's folder (apps/api), found from this module's file: the same whether it runs
 * from the sources (apps/api/src, under tsx or Vitest) or from the production bundle
 * (apps/api/dist/server.mjs). Files the server reads (migrations, the web build) are found from
 * here, never relative to the current file, whose depth differs between the two.
 */
export const API_ROOT = apiPackageDir(path.dirname(fileURLToPath(import.meta.url)));
/** The repository (the npm workspace root). */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Haulpro <no-reply@haulpro.local>'),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: z.string().optional(),
  /** Hours a company has to answer a New order (never later than one hour before arrival). */
  ORDER_RESPONSE_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** Whole dollars a referrer earns when a referred customer completes a first order (decision 022). */
  // Whole dollars, strictly ("25"; never "0x19" or "2.5e1").
  REFERRAL_CREDIT: zInt(1, 1000).default(REFERRAL_CREDIT_DEFAULT),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Connect events' signing secret (a separate webhook endpoint in Stripe); unset: STRIPE_WEBHOOK_SECRET. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  /** The platform's share of a moving order, in percent of its price (decision 028). */
  // Strictly a number ("12.5"; never "0x10" or "1e1").
  PLATFORM_FEE_PERCENT: zDecimal(0, 50, 'PLATFORM_FEE_PERCENT must be a percentage from 0 to 50.').default(
    10,
  ),
  /** Stripe API base, for a local mock or stripe-mock; the default is Stripe itself. */
  STRIPE_API_URL: z.string().optional(),
  /** How long a cached session or orders page may be served (ms); 0 turns the read cache off. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** The live stream's heartbeat (a comment line and a session re-check), in ms (decision 031). */
  LIVE_HEARTBEAT_MS: zInt(
    50,
    300_000,
    'LIVE_HEARTBEAT_MS must be a whole number of milliseconds from 50 to 300000.',
  ).default(LIVE_HEARTBEAT_SECONDS * 1000),
  /** Which proxies may set X-Forwarded-For (decision 012): off by default, so `request.ip` is the peer. */
  TRUST_PROXY: z.string().trim().default('false'),
  PGLITE_THREAD: z.enum(['on', 'off']).default('on'),
  /** Key of the signed links to private uploads; random per process when unset (decision 013). */
  FILE_URL_SECRET: z.string().min(16).optional(),
  /** Map tiles: a URL template ({z}/{x}/{y}), or `none`; OpenStreetMap's by default (decision 014). */
  MAP_TILE_URL: z.string().trim().optional(),
  /** The tiles' attribution (HTML); OpenStreetMap's with the default tiles. */
  MAP_TILE_ATTRIBUTION: z.string().trim().optional(),
  /** AES-256 key of the labor users' SSNs (decision 021); unset: one kept in DATA_DIR/secrets. */
  SSN_ENCRYPTION_KEY: z.string().trim().optional(),
  /** Google sign-in: the OAuth client id (the ID tokens' audience); unset turns it off. */
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  /** Where Google publishes its signing keys (a local JWKS in tests). */
  GOOGLE_JWKS_URL: z.string().trim().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Text messages (decision 031): all three set sends through Twilio; none stores them in sms_outbox. */
  TWILIO_ACCOUNT_SID: z.string().trim().optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().optional(),
  TWILIO_FROM: z.string().trim().optional(),
  /** Twilio's REST API (a loopback server in tests). */
  TWILIO_BASE_URL: z.string().trim().optional(),
  /** Prometheus metrics on their own listener (never the public port); unset: no metrics. */
  METRICS_PORT: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || (/^[1-9][0-9]{0,4}$/.test(v) && Number(v) <= 65535), {
      message: 'METRICS_PORT must be a port number from 1 to 65535 (or unset for no metrics).',
    }),
  /** The metrics listener's address: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z
    .string()
    .trim()
    .default('127.0.0.1')
    .refine((v) => isIP(v) !== 0, { message: 'METRICS_HOST must be an IP address such as 127.0.0.1.' }),
  /** Where uploads are kept (decision 033): disk (DATA_DIR/uploads), database or s3. */
  STORAGE: z.string().trim().optional(),
  S3_ENDPOINT: z.string().trim().optional(),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.string().trim().optional(),
  /** This replica's name in an `X-Served-By` answer header (docs/deploy.md); unset: no header. */
  INSTANCE_ID: z
    .string()
    .trim()
    .regex(
      /^([A-Za-z0-9._-]{1,64})?$/,
      'INSTANCE_ID must be 1-64 letters, digits, dots, hyphens or underscores',
    )
    .optional(),
});

/** Fastify's `trustProxy`: false, true (every hop), trust of the first n hops, or addresses and CIDR ranges. */
export type TTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** proxy-addr's names for address ranges: loopback (127.0.0.0/8, ::1), link-local, private. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (`10.0.0.1`, `::1`), a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  return /^(0|[1-9][0-9]{0,2})$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `false`/`0`/empty: trust no proxy (the default); `true`: trust every hop (only behind a proxy
 * that overwrites the header); a hop count `1`..`99`: trust that many proxies in front of the
 * server, whoever they are; otherwise a comma list of proxy addresses, CIDR ranges or the names
 * `loopback`, `linklocal`, `uniquelocal` (`127.0.0.1,10.0.0.0/8`). Anything else stops the server
 * at start: a typo must not silently trust (or distrust) a proxy.
 */
export function parseTrustProxy(value: string): TTrustProxy {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^[1-9][0-9]?$/.test(v)) {
    const hops = Number(v);
    // A function, not the number: Fastify 5.12 reads a bare number as "trust nothing".
    return (_address, hop) => hop < hops;
  }
  const list = v.split(',').map((x) => x.trim());
  if (list.every(isProxyAddress)) return list;
  throw new Error(
    `TRUST_PROXY must be false, true, a hop count (1-99) or a comma list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; got "${value}"`,
  );
}

export type TConfig = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  /**
   * 'memory' for tests, a directory for embedded PGlite, or a PostgreSQL URL. `thread`: PGlite
   * runs on a worker thread of its own (PGLITE_THREAD, on unless 'off'; decision 036).
   */
  database: { kind: 'pglite'; dir: string | null; thread: boolean } | { kind: 'postgres'; url: string };
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  logLevel: string;
  loginLimitPerIp: number;
  loginLimitPerEmail: number;
  seedDemo: boolean;
  uploadsDir: string;
  webDist: string | null;
  orderResponseHours: number;
  /** Cents a referrer earns per referred customer's first completed order. */
  referralCreditCents: number;
  /** Electronic payments are on only when both Stripe secrets are set. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    connectWebhookSecret: string | null;
    apiUrl: string | null;
  } | null;
  /** The platform's share of a moving order, in basis points (10 % = 1000). */
  platformFeeBps: number;
  readCacheTtlMs: number;
  liveHeartbeatMs: number;
  trustProxy: TTrustProxy;
  fileUrlSecret: string | null;
  /** null tileUrl: no tiles at all. */
  map: { tileUrl: string | null; attribution: string };
  /** null: the key is kept in DATA_DIR/secrets (modules/labor/ssn-cipher.ts). */
  ssnEncryptionKey: string | null;
  /** null: Google sign-in is off. */
  google: { clientId: string; jwksUrl: string } | null;
  /** null: texts are stored in sms_outbox, never sent (apps/api/src/sms). */
  twilio: TTwilioConfig | null;
  /** null: no metrics listener (the default). */
  metrics: { port: number; host: string } | null;
  /** STORAGE and S3_* (storage/create-storage.ts). */
  storage: TStorageConfig;
  /** INSTANCE_ID: sent as `X-Served-By` on every answer; null: no header. */
  instanceId: string | null;
};

export type TS3Config = {
  /** null: AWS S3 itself (from the region); otherwise any S3-compatible endpoint (MinIO, R2, Garage...). */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** null: the SDK's default credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (http://host/bucket/key) instead of the host name: most self-hosted stores need it. */
  forcePathStyle: boolean;
};

export type TStorageConfig = { kind: 'disk' } | { kind: 'database' } | { kind: 's3'; s3: TS3Config };

/** STORAGE (disk by default) and, for s3, S3_*: each checked at start, in our words. */
export function parseStorage(e: z.infer<typeof ZEnv>): TStorageConfig {
  const kind = (e.STORAGE || 'disk').toLowerCase();
  if (kind === 'disk' || kind === 'database') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE must be disk, database or s3; got "${e.STORAGE}"`);
  const bucket = e.S3_BUCKET || '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(
      `STORAGE=s3 needs S3_BUCKET, a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens; got "${bucket}"`,
    );
  const endpoint = (e.S3_ENDPOINT || '').replace(/\/+$/, '');
  if (endpoint && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) URL such as https://s3.example.com; got "${endpoint}"`);
  const region = e.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/i.test(region))
    throw new Error(`S3_REGION must be a region name such as us-east-1; got "${region}"`);
  const id = e.S3_ACCESS_KEY_ID || '';
  const secret = e.S3_SECRET_ACCESS_KEY || '';
  if (Boolean(id) !== Boolean(secret))
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the default AWS credentials',
    );
  const pathStyle = (e.S3_FORCE_PATH_STYLE || 'false').toLowerCase();
  if (pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false; got "${e.S3_FORCE_PATH_STYLE}"`);
  return {
    kind: 's3',
    s3: {
      endpoint: endpoint || null,
      bucket,
      region,
      credentials: id ? { accessKeyId: id, secretAccessKey: secret } : null,
      forcePathStyle: pathStyle === 'true',
    },
  };
}

export type TTwilioConfig = { accountSid: string; authToken: string; from: string; baseUrl: string };

const TWILIO_DEFAULT_URL = 'https://api.twilio.com';

/** TWILIO_*: all of SID, token and sender, or none of them; each checked, in our words. */
export function parseTwilio(e: {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
  TWILIO_BASE_URL?: string | undefined;
}): TTwilioConfig | null {
  const sid = e.TWILIO_ACCOUNT_SID || '';
  const token = e.TWILIO_AUTH_TOKEN || '';
  const from = e.TWILIO_FROM || '';
  const baseUrl = (e.TWILIO_BASE_URL || TWILIO_DEFAULT_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(baseUrl))
    throw new Error(`TWILIO_BASE_URL must be an http(s) URL such as ${TWILIO_DEFAULT_URL}; got "${baseUrl}"`);
  if (!sid && !token && !from) return null;
  const missing = [
    ['TWILIO_ACCOUNT_SID', sid],
    ['TWILIO_AUTH_TOKEN', token],
    ['TWILIO_FROM', from],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length)
    throw new Error(
      `Text messages need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together; missing ${missing.join(', ')}`,
    );
  if (!/^AC[0-9a-fA-F]{32}$/.test(sid))
    throw new Error(
      'TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters (Twilio Console > Account info)',
    );
  if (!/^[0-9a-zA-Z]{16,64}$/.test(token))
    throw new Error('TWILIO_AUTH_TOKEN must be the account auth token: 16 to 64 letters and digits');
  if (!/^\+[1-9]\d{7,14}$/.test(from))
    throw new Error(`TWILIO_FROM must be a phone number in E.164 form such as +14155550100; got "${from}"`);
  return { accountSid: sid, authToken: token, from, baseUrl };
}

const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** MAP_TILE_URL: unset is OpenStreetMap, `none` is no tiles, otherwise an http(s) template with {z}, {x}, {y}. */
function parseMap(url: string | undefined, attribution: string | undefined): TConfig['map'] {
  if (url === undefined || url === '')
    return { tileUrl: OSM_TILE_URL, attribution: attribution ?? OSM_ATTRIBUTION };
  if (url.toLowerCase() === 'none') return { tileUrl: null, attribution: '' };
  if (!/^https?:\/\/\S+$/.test(url) || !['{z}', '{x}', '{y}'].every((p) => url.includes(p)))
    throw new Error(
      `MAP_TILE_URL must be none or an http(s) URL template with {z}, {x} and {y}; got "${url}"`,
    );
  return { tileUrl: url, attribution: attribution ?? (url === OSM_TILE_URL ? OSM_ATTRIBUTION : '') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const e = ZEnv.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db'), thread: e.PGLITE_THREAD === 'on' },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitPerEmail: e.LOGIN_LIMIT_PER_EMAIL,
    seedDemo: e.SEED_DEMO === 'auto',
    uploadsDir: path.join(dataDir, 'uploads'),
    webDist: e.WEB_DIST ?? null,
    orderResponseHours: e.ORDER_RESPONSE_HOURS,
    referralCreditCents: e.REFERRAL_CREDIT * 100,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
    platformFeeBps: Math.round(e.PLATFORM_FEE_PERCENT * 100),
    readCacheTtlMs: e.READ_CACHE_TTL_MS,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    fileUrlSecret: e.FILE_URL_SECRET ?? null,
    map: parseMap(e.MAP_TILE_URL, e.MAP_TILE_ATTRIBUTION),
    ssnEncryptionKey: e.SSN_ENCRYPTION_KEY || null,
    google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL } : null,
    twilio: parseTwilio(e),
    metrics: e.METRICS_PORT ? { port: Number(e.METRICS_PORT), host: e.METRICS_HOST } : null,
    storage: parseStorage(e),
    instanceId: e.INSTANCE_ID || null,
  };
}
