import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MSG } from '@haulpro/shared/messages';
import { installOurZodMessages } from '@haulpro/shared/zod-messages';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerCacheInvalidation } from './cache/cache-invalidation.ts';
import { COMPRESS_THRESHOLD_BYTES } from './cache/json-body.ts';
import { createReadCache } from './cache/read-cache.ts';
import { REPO_ROOT, type TConfig } from './config.ts';
import { systemClock, type TClock, type TDeps } from './context.ts';
import { readTracking, type TDatabase } from './db/client.ts';
import { registerCleanText } from './http/clean-text.ts';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  frameworkErrorAnswer,
  registerErrorHandling,
} from './http/error-handler.ts';
import { loggerOptions } from './http/log-options.ts';
import { finishOpenApiDocument } from './http/openapi.ts';
import { type TPageHead, withPageHead } from './http/page-head.ts';
import { registerRequestId, requestIdOptions } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import type { TApp } from './http/types.ts';
import { companyPageSlug, pageDataPreload, pageFileResolver, pageHtmlReader } from './http/web-pages.ts';
import { createMemoryLimitCounters } from './limits/limit-counters.ts';
import { createPgLimitCounters } from './limits/pg-limit-counters.ts';
import { sharedRateLimitStore } from './limits/rate-limit-store.ts';
import { createMailer, type TMailer } from './mail/mailer.ts';
import { createMetrics, type TMetrics } from './metrics/metrics.ts';
import { createMetricsServer, type TMetricsServer } from './metrics/metrics-server.ts';
import { registerLiveFeed } from './modules/live/live-feed.ts';
import { registerRoutes } from './modules/routes.ts';
import { createServices, type TServices } from './modules/services.ts';
import type { TPaymentProvider } from './payments/payment-provider.ts';
import { createStripeProvider } from './payments/stripe-provider.ts';
import { createSms, type TSmsProvider } from './sms/sms.ts';
import { createStorage } from './storage/create-storage.ts';
import { registerUploads } from './storage/serve-uploads.ts';
import type { TStorage } from './storage/storage.ts';

export { REPO_ROOT };

// Every 422 in our words: checks a schema leaves without a message answer ours, never zod's.
installOurZodMessages();

/** Smaller answers are sent as they are: compressing them saves less than it costs. */

export type TBuildOptions = {
  config: TConfig;
  database: TDatabase;
  clock?: TClock;
  logger?: FastifyServerOptions['logger'];
  mailer?: TMailer;
  /** Overrides the provider chosen from the config (null = cash only). */
  payments?: TPaymentProvider | null;
  /** Overrides the text sender built from TWILIO_* (null = store texts only). */
  smsProvider?: TSmsProvider | null;
};

export type TBuiltApp = {
  app: TApp;
  deps: TDeps;
  services: TServices;
  /** Set when METRICS_PORT is: the registry and its listener (started with the app, closed with it). */
  metrics: (TMetrics & { server: TMetricsServer }) | null;
};

export async function buildApp(opts: TBuildOptions): Promise<TBuiltApp> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    ...requestIdOptions(config.trustProxy),
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    frameworkErrors: frameworkErrorAnswer,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storage = createStorage(config, database.db);
  const mailer =
    opts.mailer ??
    createMailer({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      storage,
    });
  const sms = createSms({
    db: database.db,
    twilio: config.twilio,
    log: app.log,
    ...(opts.smsProvider !== undefined ? { provider: opts.smsProvider } : {}),
  });
  const deps: TDeps = {
    db: database.db,
    config,
    clock: opts.clock ?? systemClock,
    mailer,
    sms,
    storage,
    payments:
      opts.payments !== undefined
        ? opts.payments
        : config.stripe
          ? createStripeProvider(config.stripe)
          : null,
    log: app.log,
    cache: createReadCache({ ttlMs: config.readCacheTtlMs, trackReads: readTracking }),
    limits: database.kind === 'postgres' ? createPgLimitCounters(database.db) : createMemoryLimitCounters(),
  };
  const services = createServices(deps);

  registerRequestId(app);
  const metrics = registerMetrics(app, config, database, services);
  registerJsonParser(app);
  registerCleanText(app);
  app.decorateRequest('auth', null);
  // A missing body is validated as an empty object, so each required field gets its own message.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  app.addHook('onClose', async () => {
    await mailer.stop();
    await sms.stop();
  });

  registerSecurityHeaders(app);
  // Which replica answered (docs/deploy.md), on every answer, the live stream's included.
  const servedBy = config.instanceId;
  if (servedBy)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-served-by', servedBy);
      done();
    });
  // JSON answers over 1 KB go out compressed (a cheap brotli level: this runs per request); built
  // assets are compressed once at build time and served as they are (registerStatic).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(rateLimit, {
    global: false,
    // Shared by every replica through PostgreSQL; on the embedded database, the plugin's memory store.
    ...(deps.limits.kind === 'postgres' ? { store: sharedRateLimitStore(deps.limits, deps.clock) } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, message: MSG.tooManyRequests }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Haulpro API',
        version: '1.0.0',
        description:
          'Success: `{ data, message? }`; lists: `{ data, meta }`; failure: `{ message, errors? }` with 401/403/404/409/413/422/429. Money on the wire is in dollars (pricing settings take whole dollars); the database and all computation use integer cents.',
      },
      servers: [{ url: config.publicUrl, description: 'This deployment' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // A stable operationId per operation and a type beside every nullable (decision 025).
    transformObject: (document) =>
      'openapiObject' in document ? finishOpenApiDocument(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  await registerCacheInvalidation(app, deps.cache, database, (table) => services.coverage.changed(table));
  await registerLiveFeed(app, services.live, database);
  await registerRoutes(app, deps, services);
  await registerStatic(app, config, deps.storage, (slug) => services.publicBranch.pageHead(slug));
  return { app, deps, services, metrics };
}

/** Metrics only when METRICS_PORT is set: otherwise no hook, no registry, no listener. */
function registerMetrics(
  app: TApp,
  config: TConfig,
  database: TDatabase,
  services: TServices,
): TBuiltApp['metrics'] {
  if (!config.metrics) return null;
  const warn = (obj: object, msg: string) => app.log.warn(obj, msg);
  const metrics = createMetrics({ database, openStreams: () => services.live.openStreams(), warn });
  const server = createMetricsServer(metrics.registry, config.metrics, warn);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  app.addHook('onReady', () => server.start());
  app.addHook('onClose', () => server.stop());
  return { ...metrics, server };
}

function registerJsonParser(app: TApp): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    // An empty JSON body (some clients send the header on a bare POST) means "no body".
    if (text.trim() === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      done(
        Object.assign(new Error(MSG.invalidBody), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
        undefined,
      );
    }
  });
}

/** A page's own head (title, description, preview) by its address; undefined = the build's head. */
type TPageHeadLookup = (slug: string) => Promise<TPageHead | null>;

async function registerStatic(
  app: TApp,
  config: TConfig,
  storage: TStorage,
  companyHead: TPageHeadLookup,
): Promise<void> {
  await registerUploads(app, storage, config.uploadsDir);
  const webDist = config.webDist ?? path.join(REPO_ROOT, 'apps/web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const pageFileFor = pageFileResolver(webDist);
  const readPage = pageHtmlReader(webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The .br and .gz copies made at build time (scripts/compress-dist.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // Page addresses get the app; a missing file (an old /assets/*.js after a deploy) stays a 404,
    // so the browser never runs HTML as a script.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api') &&
      !url.startsWith('/uploads/') &&
      // Metrics are on their own listener (METRICS_PORT), never a page here.
      url !== '/metrics' &&
      !/\.[a-z0-9]+$/i.test(url);
    if (hasWeb && wantsPage) {
      reply.header('cache-control', 'no-cache');
      const preload = pageDataPreload(url, request.url.slice(url.length + 1));
      if (preload) reply.header('link', preload);
      const slug = companyPageSlug(url);
      if (slug !== null) {
        // A company page carries its own title and description (a 404 for an unknown company).
        const head = await companyHead(slug).catch((err: unknown) => {
          request.log.warn({ err }, 'company page head: falling back to the generic one');
          return undefined;
        });
        if (head !== undefined) {
          const html = readPage(pageFileFor(url));
          reply.type('text/html; charset=utf-8');
          const body = (text: string) => (request.method === 'HEAD' ? '' : text);
          if (head === null) {
            return reply.code(404).send(
              body(
                withPageHead(html, {
                  title: 'Company not found | Haulpro',
                  description:
                    'This company page does not exist. Search movers and helpers near you on Haulpro.',
                  url: `${config.publicUrl}${url}`,
                  noindex: true,
                }),
              ),
            );
          }
          return reply.send(body(withPageHead(html, head)));
        }
      }
      return reply.type('text/html').sendFile(pageFileFor(url), webDist, { cacheControl: false });
    }
    return reply.code(404).send({ message: MSG.notFound });
  });
}
