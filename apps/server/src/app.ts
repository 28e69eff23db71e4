/**
 * Builds the Fastify instance with everything wired in. Tests call buildApp() directly with their own
 * database; main.ts adds listening, the data lock and graceful shutdown.
 */
import path from 'node:path';
import { ACCOUNT_BASE_PATH, FILE_LIMITS } from '@ai-edu/contract';
import type { Database } from '@ai-edu/db';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { redactUrl } from './lib/http.ts';
import { serverFactoryWith } from './lib/node-server.ts';
import { SecretBox, settingsKey } from './lib/secret-box.ts';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { CodeStore } from './modules/account/codes.ts';
import { createCodeSender, type CodeSender } from './modules/account/delivery/index.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { AccountService } from './modules/account/service.ts';
import { adminConsoleRoutes } from './modules/admin/console-routes.ts';
import { adminCliRoutes } from './modules/admin/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { SsoService } from './modules/auth/sso.ts';
import { aiProviderRoutes } from './modules/admin/ai-provider-routes.ts';
import { AiProviderSettings, providerSource } from './modules/ai/provider-settings.ts';
import type { ChatProvider, ImageProvider, VisionProvider } from './modules/ai/providers/types.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { speechProviderSource } from './modules/ai/speech-providers.ts';
import { speechRoutes } from './modules/ai/speech-routes.ts';
import { sketchRoutes } from './modules/ai/sketch-routes.ts';
import { volcRoutes } from './modules/ai/volc-routes.ts';
import { aiSweeper } from './modules/ai/sweeper.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { classRoutes } from './modules/classes/routes.ts';
import { teacherRoutes } from './modules/classes/teacher-routes.ts';
import { budgetRoutes } from './modules/class-budgets/routes.ts';
import { reviewRoutes } from './modules/ai-review/routes.ts';
import { lessonRoutes } from './modules/lessons/routes.ts';
import { doodleRoutes } from './modules/doodles/routes.ts';
import { makeAssetRoutes } from './modules/make/asset-routes.ts';
import { makeRoutes } from './modules/make/routes.ts';
import { modelTrainRoutes } from './modules/model-train/routes.ts';
import { courseRoutes } from './modules/courses/routes.ts';
import { creditRoutes } from './modules/credits/routes.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { EspeakEngine } from './modules/tts/espeak-engine.ts';
import { ttsRoutes } from './modules/tts/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { setupRoutes } from './https/setup-routes.ts';
import { healthRoutes, runtimeConfigRoutes } from './modules/system/routes.ts';
import { createBlobStore, type BlobStore } from './lib/storage/index.ts';
import { formBodies, multipartFields, multipartUploads } from './plugins/body-parsers.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { security } from './plugins/security.ts';
import { slowClients } from './plugins/slow-clients.ts';
import { defaultWebDist, StaticFastLane, staticWeb } from './plugins/static-web.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to in-memory, or Redis when config.redisUrl is set. */
  limiter?: RateLimiter;
  /** Defaults to SMTP / SMS / the dev outbox per config. */
  sender?: CodeSender;
  now?: () => Date;
  /** Enables the admin CLI bridge (embedded database only). */
  adminToken?: string;
  logger?: boolean;
  /** Fix the AI providers (tests); by default they follow the environment and the admin console. */
  chatProvider?: ChatProvider;
  imageProvider?: ImageProvider;
  visionProvider?: VisionProvider;
  /** The built-in speech engine (eSpeak NG in a child process); one of its own by default, closed with the app. */
  speechEngine?: EspeakEngine;
  /** Where stored files go (lib/storage); by default the one config names, closed with the app. */
  storage?: BlobStore;
  /** PORT serves HTTPS with this key and certificate chain (https/prepare.ts); plain http without. */
  tls?: { keyPem: string; certPem: string };
  /** The local CA's certificate (HTTPS=auto), served at /school-ca.crt. */
  caPem?: string;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  // Built files already in memory are answered before Fastify (plugins/static-web.ts); with one log line
  // per request asked for (LOG_LEVEL info or lower), every request goes through Fastify's logging instead.
  const logsRequests = ['info', 'debug', 'trace'].includes(config.logLevel);
  const fastLane = logsRequests ? undefined : new StaticFastLane();
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.sign'],
            serializers: {
              req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                ip: req.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    // Start-up work (migrations done, the first run of the periodic jobs in onReady) may take longer than
    // Fastify's default 10 s on a busy school machine or a loaded CI runner; a slow start is not a failure.
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    // Slow clients: Node bounds headers and the whole request; plugins/slow-clients.ts a stalled body.
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node checks the two above; never later than a tenth of the shorter one past its limit.
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(
          30_000,
          Math.floor(Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs) / 10),
        ),
      ),
    },
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    requestIdHeader: 'x-request-id',
    ...(fastLane ? { serverFactory: serverFactoryWith((req, res) => fastLane.serve(req, res)) } : {}),
    // Node's https server takes the http server's options too (the slow-client bounds above).
    ...(deps.tls
      ? {
          https: {
            key: deps.tls.keyPem,
            cert: deps.tls.certPem,
            headersTimeout: config.http.headersTimeoutMs,
          },
        }
      : {}),
  }) as unknown as FastifyInstance;
  const limiter = deps.limiter ?? createRateLimiter(config.redisUrl);
  const sender =
    deps.sender ?? createCodeSender(config, (line) => app.log.info({ outbox: line }, 'dev outbox'));
  const { db } = database;
  const speechEngine = deps.speechEngine ?? new EspeakEngine();
  const storage = deps.storage ?? (await createBlobStore(config));
  const aiSettings = new AiProviderSettings(
    db,
    new SecretBox(settingsKey({ secret: config.settingsSecret, dataDir: config.dataDir })),
    config.ai.env,
    now,
  );

  const speechProviders = speechProviderSource(config.ai);

  await app.register(errorHandler);
  await app.register(slowClients, { bodyIdleMs: config.http.bodyIdleTimeoutMs });
  await app.register(inputGuard);
  await app.register(security);
  await app.register(formBodies);

  const accountService = new AccountService({
    db,
    codes: new CodeStore(db, config.secrets.codeSecret, now),
    sender,
    limiter,
    limits: config.limits,
    now,
    log: app.log,
  });
  const authService = new AuthService({
    db,
    limiter,
    limits: config.limits,
    clientSecret: config.secrets.clientSecret,
    sso: new SsoService(db, config.sso, now),
    now,
  });

  await app.register(healthRoutes, { database });
  await app.register(setupRoutes, { config, caPem: deps.caPem });
  await app.register(contactRoutes, { db });
  await app.register(async (account) => {
    await account.register(multipartFields);
    await account.register(accountRoutes, {
      prefix: ACCOUNT_BASE_PATH,
      service: accountService,
      signKey: config.secrets.accountSignKey,
      now,
    });
  });
  // Product API: routes taking form fields, and the upload routes, each with their multipart parser.
  await app.register(
    async (api) => {
      await api.register(async (forms) => {
        await forms.register(multipartFields);
        await forms.register(runtimeConfigRoutes, { config });
        await forms.register(authRoutes, {
          db,
          service: authService,
          clientSecret: config.secrets.clientSecret,
          now,
        });
        await forms.register(logRoutes, { db, now });
        await forms.register(creditRoutes, { db, now });
        await forms.register(adminConsoleRoutes, { db, now });
        await forms.register(aiProviderRoutes, { db, settings: aiSettings, speech: config.ai, now });
        // The teacher's cockpit (issue 16): before the class routes, so /classes/me and /classes/mine are
        // not taken for a class id.
        await forms.register(teacherRoutes, { db, limiter, now });
        await forms.register(budgetRoutes, { db, now });
        await forms.register(reviewRoutes, { db, mediaSecret: config.mediaSecret, storage, now });
        await forms.register(lessonRoutes, { db, now });
        await forms.register(classRoutes, { db, now });
        await forms.register(doodleRoutes, { db, limiter, now });
        await forms.register(makeRoutes, { db, storage, now });
        await forms.register(eventRoutes, {
          db,
          secret: config.secrets.codeSecret,
          limiter,
          limits: config.limits,
          now,
        });
        await forms.register(aiRoutes, {
          db,
          limiter,
          ai: config.ai,
          mediaSecret: config.mediaSecret,
          storage,
          providers: providerSource(aiSettings, {
            chat: deps.chatProvider,
            image: deps.imageProvider,
            vision: deps.visionProvider,
          }),
          speech: speechProviders,
          now,
        });
        await forms.register(speechRoutes, { db, limiter, ai: config.ai, speech: speechProviders, now });
        await forms.register(sketchRoutes, {
          db,
          limiter,
          ai: config.ai,
          mediaSecret: config.mediaSecret,
          storage,
          settings: aiSettings,
          now,
        });
        await forms.register(volcRoutes, { db, limiter, ai: config.ai, now });
        await forms.register(ttsRoutes, { db, limiter, engine: speechEngine, now });
        if (deps.adminToken) await forms.register(adminCliRoutes, { db, token: deps.adminToken });
      });
      await api.register(async (uploads) => {
        await uploads.register(multipartUploads, { maxBytes: Math.max(...Object.values(FILE_LIMITS)) });
        await uploads.register(courseRoutes, {
          db,
          filesDir: path.join(config.dataDir, 'files'),
          storage,
          mediaSecret: config.mediaSecret,
          now,
        });
      });
      // The studio's pictures: their own multipart parser (one picture of at most 2 MB).
      await api.register(makeAssetRoutes, { db, storage, now });
      // Model training: its own multipart parser (an image and its thumbnail, models up to 50 MB).
      await api.register(modelTrainRoutes, {
        db,
        limiter,
        filesDir: path.join(config.dataDir, 'train'),
        storage,
        mediaSecret: config.mediaSecret,
        quotaBytes: config.trainQuotaBytes,
        now,
      });
    },
    { prefix: '/api' },
  );
  await app.register(staticWeb, { root: config.webDistDir ?? defaultWebDist, fastLane });

  // Start-up and periodic clean-up of what a crash can leave behind (uploads clean theirs in courseRoutes).
  await app.register(aiSweeper, { db, ai: config.ai, now });

  if (!deps.limiter) app.addHook('onClose', () => limiter.close());
  if (!deps.speechEngine) app.addHook('onClose', () => speechEngine.close());
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  return app;
}
