/**
 * The server's whole configuration, read from the environment once and validated here. Nothing else reads
 * process.env. Defaults make `npm start` work on a fresh machine; production refuses the dev secrets.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const DEV_SECRETS = {
  ACCOUNT_SIGN_KEY: 'dev-sign-key',
  CLIENT_SECRET: 'dev-client-secret',
  CODE_SECRET: 'dev-code-secret',
  MEDIA_SECRET: 'dev-media-secret',
} as const;

/** An empty variable counts as unset, like the other optional strings. */
const speechVendor = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.enum(['openai', 'tencent']).optional(),
);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  /**
   * `warn` by default: errors and warnings always, one line per request only when asked (`info`). A walk
   * through every page logged 18,905 request lines that buried the start banner.
   */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /**
   * HTTPS on a school network (docs/operations.md, "HTTPS on a school network"): `auto` makes a local CA in
   * DATA_DIR and a server certificate for this machine's names and addresses; HTTPS_CERT_FILE/KEY_FILE
   * serve the school's own. LAN=1 is the shortcut for HOST=0.0.0.0 HTTPS=auto.
   */
  LAN: optionalString,
  HTTPS: optionalString,
  HTTPS_HOSTNAMES: optionalString,
  HTTPS_CERT_FILE: optionalString,
  HTTPS_KEY_FILE: optionalString,
  HTTP_REDIRECT_PORT: optionalString,
  /** Set when the server sits behind a reverse proxy, so rate limits see the client's address. */
  TRUST_PROXY: optionalString,
  ACCOUNT_SIGN_KEY: z.string().min(1).default(DEV_SECRETS.ACCOUNT_SIGN_KEY),
  CLIENT_SECRET: z.string().min(1).default(DEV_SECRETS.CLIENT_SECRET),
  /** Keys the HMAC under which verification codes are stored. */
  CODE_SECRET: z.string().min(1).default(DEV_SECRETS.CODE_SECRET),
  /** Where the web client finds the account service; same origin by default. */
  ACCOUNT_BASE_URL: z.string().default('/api/client/verify'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('AI Lab <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['none', 'aliyun']).default('none'),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
  ALIYUN_SMS_ACCESS_KEY_ID: optionalString,
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalString,
  ALIYUN_SMS_SIGN_NAME: optionalString,
  ALIYUN_SMS_TEMPLATE_CODE: optionalString,
  SSO_JWT_SECRET: optionalString,
  /** One or more PEM public keys (RS256/ES256…), separated by blank lines or in a JWKS JSON document. */
  SSO_JWT_PUBLIC_KEYS: optionalString,
  SSO_JWT_ISSUER: optionalString,
  SSO_JWT_AUDIENCE: optionalString,
  /** Rate limits: how many per window. */
  LIMIT_SEND_PER_DESTINATION_HOUR: positiveInt(10),
  LIMIT_SEND_PER_IP_HOUR: positiveInt(30),
  LIMIT_VERIFY_PER_IP_10MIN: positiveInt(60),
  /** Sign-in limits (docs/operations.md, "Sign-in limits"). */
  LIMIT_LOGIN_FAILURES_PER_ACCOUNT_15MIN: positiveInt(10),
  LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP_15MIN: positiveInt(5),
  LIMIT_LOGIN_FAILURES_PER_IP_15MIN: positiveInt(100),
  LOGIN_REMEMBER_ADDRESS_DAYS: positiveInt(30),
  LIMIT_REDEEM_FAILURES_PER_ACCOUNT_HOUR: positiveInt(10),
  LIMIT_REDEEM_FAILURES_PER_IP_HOUR: positiveInt(100),
  WEB_DIST_DIR: optionalString,
  /** Slow clients (docs/operations.md, "Timeouts"): headers, a stalled body, a whole request, an idle keep-alive. */
  HTTP_HEADERS_TIMEOUT_MS: positiveInt(15_000),
  HTTP_BODY_IDLE_TIMEOUT_MS: positiveInt(20_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt(600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt(30_000),
  /** OpenAI-compatible chat completions (a cloud model, or a school's own Ollama / vLLM). */
  AI_CHAT_BASE_URL: optionalString,
  AI_CHAT_API_KEY: optionalString,
  AI_CHAT_MODEL: optionalString,
  /** OpenAI-compatible image generation. */
  AI_IMAGE_BASE_URL: optionalString,
  AI_IMAGE_API_KEY: optionalString,
  AI_IMAGE_MODEL: optionalString,
  /** OpenAI-compatible vision chat (a model that reads photos), for the text lab's handwriting reader. */
  AI_VISION_BASE_URL: optionalString,
  AI_VISION_API_KEY: optionalString,
  AI_VISION_MODEL: optionalString,
  /**
   * Speech recognition and synthesis (issue 13, docs/speech-recognition.md). Vendor `openai` (any
   * OpenAI-compatible /audio server; BASE_URL required) or `tencent` (Tencent Cloud ASR / TTS; API_KEY is
   * `SecretId:SecretKey`, BASE_URL overrides the endpoint, MODEL is the engine / voice type).
   */
  AI_SPEECH_VENDOR: speechVendor,
  AI_SPEECH_BASE_URL: optionalString,
  AI_SPEECH_API_KEY: optionalString,
  AI_SPEECH_MODEL: optionalString,
  AI_SPEECH_REGION: optionalString,
  AI_TTS_VENDOR: speechVendor,
  AI_TTS_BASE_URL: optionalString,
  AI_TTS_API_KEY: optionalString,
  AI_TTS_MODEL: optionalString,
  AI_TTS_REGION: optionalString,
  /**
   * Volcengine's visual APIs for the photo lab's cloud tools (imageFix: repair, enhance, super-resolution;
   * docs/image-fix.md). Both keys set = configured. BASE_URL overrides https://visual.volcengineapi.com.
   */
  AI_VOLC_ACCESS_KEY: optionalString,
  AI_VOLC_SECRET_KEY: optionalString,
  AI_VOLC_BASE_URL: optionalString,
  AI_VOLC_REGION: z.string().trim().min(1).default('cn-north-1'),
  AI_VOLC_TIMEOUT_MS: positiveInt(60_000),
  /** One speech provider request; a Tencent recognition task older than this is given up and refunded. */
  AI_SPEECH_TIMEOUT_MS: positiveInt(120_000),
  AI_CHAT_TIMEOUT_MS: positiveInt(60_000),
  AI_IMAGE_TIMEOUT_MS: positiveInt(120_000),
  AI_VISION_TIMEOUT_MS: positiveInt(60_000),
  /** Paid AI calls per user per minute, and per account per day (days in UTC+8). */
  AI_CALLS_PER_MINUTE: positiveInt(20),
  AI_CALLS_PER_DAY: positiveInt(300),
  /**
   * Encrypts secrets saved from the admin console (AI provider keys). Unset: a random key kept in
   * $DATA_DIR/settings-secret (docs/operations.md, "AI providers"); several instances must share one.
   */
  SETTINGS_SECRET: optionalString,
  /** Signs gallery image links so <img> tags can load them without a session header. */
  MEDIA_SECRET: z.string().min(1).default(DEV_SECRETS.MEDIA_SECRET),
  /** Model training: what one user may store (images, thumbnails, saved and uploaded models), in MB. */
  TRAIN_QUOTA_MB: positiveInt(500),
  /**
   * Where stored files live (docs/storage.md): unset = the local disk under DATA_DIR; several instances
   * use an S3-compatible bucket, `s3://BUCKET[/PREFIX]?endpoint=…&region=…&forcePathStyle=true`.
   */
  STORAGE_URL: optionalString,
  /** The bucket's keys; unset = the AWS SDK's default chain (AWS_* variables, instance role, …). */
  STORAGE_ACCESS_KEY_ID: optionalString,
  STORAGE_SECRET_ACCESS_KEY: optionalString,
});

export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** How PORT serves: plain http, HTTPS with the local CA, or HTTPS with the school's own certificate. */
  https: HttpsConfig;
  /** Plain HTTP here redirects to PORT's HTTPS address (and serves the CA and the set-up page). */
  httpRedirectPort?: number;
  trustProxy: boolean | string;
  secrets: { accountSignKey: string; clientSecret: string; codeSecret: string };
  accountBaseUrl: string;
  seedDemo: boolean;
  mail: { smtpUrl?: string; from: string };
  sms:
    | { provider: 'none' }
    | {
        provider: 'aliyun';
        endpoint: string;
        accessKeyId: string;
        accessKeySecret: string;
        signName: string;
        templateCode: string;
      };
  sso: { secret?: string; publicKeys?: string; issuer?: string; audience?: string };
  limits: {
    sendPerDestinationHour: number;
    sendPerIpHour: number;
    verifyPerIp10Min: number;
    loginFailuresPerAccount15Min: number;
    /** Failures of one account from one address: the first lock a mistyping pupil meets. */
    loginFailuresPerAccountIp15Min: number;
    loginFailuresPerIp15Min: number;
    /** How long an address an account signed in from stays trusted past that account's lock. */
    loginRememberAddressDays: number;
    redeemFailuresPerAccountHour: number;
    redeemFailuresPerIpHour: number;
  };
  webDistDir?: string;
  http: {
    headersTimeoutMs: number;
    bodyIdleTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
  };
  ai: {
    /**
     * What the environment sets for each provider, field by field. These win over what an admin saves
     * in the console (modules/ai/provider-settings.ts merges the two per call).
     */
    env: Record<AiProviderKind, AiProviderFields>;
    /** Speech recognition (`speech`) and synthesis (`tts`), from the environment only. */
    speech: SpeechProviderFields;
    tts: SpeechProviderFields;
    speechTimeoutMs: number;
    /** Volcengine's visual APIs (imageFix cloud tools), from the environment only. */
    volc: { accessKey?: string; secretKey?: string; baseUrl?: string; region: string; timeoutMs: number };
    chatTimeoutMs: number;
    imageTimeoutMs: number;
    visionTimeoutMs: number;
    callsPerMinute: number;
    callsPerDay: number;
  };
  mediaSecret: string;
  settingsSecret?: string;
  /** Model training's per-user storage quota (TRAIN_QUOTA_MB). */
  trainQuotaBytes: number;
  /** Where stored files live (STORAGE_URL): DATA_DIR, or an S3-compatible bucket. */
  storage: StorageConfig;
}

export type HttpsConfig =
  | { mode: 'off' }
  | {
      mode: 'auto';
      /** HTTPS_HOSTNAMES: names beyond the machine's own (a DNS alias, a public name). */ hostnames: string[];
    }
  | { mode: 'files'; certFile: string; keyFile: string };

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Put before every key: "" or a folder ending in "/" ("district-a/"). */
      prefix: string;
      /** An S3-compatible service's address (MinIO, OSS, COS); unset = AWS S3 for the region. */
      endpoint?: string;
      region: string;
      /** `http://host/bucket/key` rather than `http://bucket.host/key` (MinIO and most self-hosted servers). */
      forcePathStyle: boolean;
      accessKeyId?: string;
      secretAccessKey?: string;
    };

export type AiProviderKind = 'chat' | 'image' | 'vision';
export interface AiProviderFields {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
}

export interface SpeechProviderFields extends AiProviderFields {
  vendor?: 'openai' | 'tencent';
  region?: string;
}

export class ConfigError extends Error {}

const STORAGE_URL_FORM = 's3://BUCKET[/PREFIX]?endpoint=https://host&region=REGION&forcePathStyle=true';
/** Only what could break the URL is refused: S3's rules (3-63 lowercase…) vary by service and by age. */
const S3_BUCKET_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** Reads STORAGE_URL and its keys; a malformed one refuses to start, naming what is wrong. */
export function parseStorageUrl(
  storageUrl: string | undefined,
  accessKeyId?: string,
  secretAccessKey?: string,
): StorageConfig {
  if (!storageUrl) return { kind: 'local' };
  const refuse = (why: string): never => {
    throw new ConfigError(`STORAGE_URL ${why}. Expected ${STORAGE_URL_FORM} (docs/storage.md).`);
  };
  let url: URL;
  try {
    url = new URL(storageUrl);
  } catch {
    return refuse('is not a URL');
  }
  if (url.protocol !== 's3:') refuse(`must start with s3:// (got ${url.protocol}//)`);
  if (url.username || url.password) {
    refuse('must not carry keys: set STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY instead');
  }
  const bucket = url.hostname;
  if (!bucket) refuse('names no bucket');
  if (!S3_BUCKET_RE.test(bucket)) refuse(`names an invalid bucket "${bucket}"`);
  let prefixPath = '';
  try {
    prefixPath = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    refuse('has a badly escaped prefix');
  }
  const prefix = prefixPath ? `${prefixPath}/` : '';
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  for (const name of url.searchParams.keys()) {
    if (!known.has(name)) refuse(`has an unknown setting "${name}" (known: ${[...known].join(', ')})`);
  }
  const endpointText = url.searchParams.get('endpoint')?.trim() || undefined;
  let endpoint: string | undefined;
  if (endpointText !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpointText);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      refuse(`has an endpoint that is not an http(s) URL: "${endpointText}"`);
    }
    endpoint = parsed!.origin + parsed!.pathname.replace(/\/+$/, '');
  }
  const forcePathStyleText = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(forcePathStyleText)) {
    refuse(`forcePathStyle must be true or false (got "${forcePathStyleText}")`);
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      'STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK default credentials.',
    );
  }
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region: url.searchParams.get('region')?.trim() || 'us-east-1',
    forcePathStyle: forcePathStyleText === 'true' || forcePathStyleText === '1',
    accessKeyId,
    secretAccessKey,
  };
}

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['0', 'false', 'no', 'off']);
/** A DNS name (letters, digits, hyphens, dots; `*.` allowed in front) or an IPv4/IPv6 address. */
const HOSTNAME_RE =
  /^(?:\*\.)?[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function isIpAddress(text: string): boolean {
  return isIP(text) !== 0;
}

/** HTTPS, HTTPS_HOSTNAMES, HTTPS_CERT_FILE/KEY_FILE and LAN into one setting; a wrong one names itself. */
export function parseHttps(e: {
  LAN?: string;
  HTTPS?: string;
  HTTPS_HOSTNAMES?: string;
  HTTPS_CERT_FILE?: string;
  HTTPS_KEY_FILE?: string;
}): HttpsConfig {
  const lan = e.LAN?.toLowerCase();
  if (lan !== undefined && !ON.has(lan) && !OFF.has(lan)) {
    throw new ConfigError(`LAN must be 1 or 0 (got "${e.LAN}").`);
  }
  const mode = e.HTTPS?.toLowerCase() ?? (lan && ON.has(lan) ? 'auto' : undefined);
  if (mode !== undefined && mode !== 'auto' && !OFF.has(mode)) {
    throw new ConfigError(
      `HTTPS must be "auto" (a local certificate authority in DATA_DIR) or "off" (got "${e.HTTPS}"); for the school's own certificate set HTTPS_CERT_FILE and HTTPS_KEY_FILE.`,
    );
  }
  if (Boolean(e.HTTPS_CERT_FILE) !== Boolean(e.HTTPS_KEY_FILE)) {
    throw new ConfigError(
      'HTTPS_CERT_FILE and HTTPS_KEY_FILE go together: set both (PEM files), or neither.',
    );
  }
  if (e.HTTPS_CERT_FILE && e.HTTPS_KEY_FILE) {
    if (mode === 'auto') {
      throw new ConfigError(
        'HTTPS=auto and HTTPS_CERT_FILE are both set: choose the local certificate authority (HTTPS=auto) or your own certificate (HTTPS_CERT_FILE, HTTPS_KEY_FILE), not both.',
      );
    }
    if (mode !== undefined && OFF.has(mode)) return { mode: 'off' };
    return {
      mode: 'files',
      certFile: path.resolve(e.HTTPS_CERT_FILE),
      keyFile: path.resolve(e.HTTPS_KEY_FILE),
    };
  }
  if (mode !== 'auto') return { mode: 'off' };
  const hostnames = (e.HTTPS_HOSTNAMES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const bad = hostnames.filter((name) => !isIpAddress(name) && !HOSTNAME_RE.test(name));
  if (bad.length > 0) {
    throw new ConfigError(
      `HTTPS_HOSTNAMES holds what is not a host name or an address: ${bad.map((b) => `"${b}"`).join(', ')} (expected e.g. "ai.school.lan,10.0.0.5").`,
    );
  }
  return { mode: 'auto', hostnames };
}

function parseRedirectPort(text: string | undefined, https: HttpsConfig, port: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`HTTP_REDIRECT_PORT must be a port number (got "${text}").`);
  }
  if (https.mode === 'off') {
    throw new ConfigError(
      'HTTP_REDIRECT_PORT redirects plain HTTP to HTTPS: set HTTPS=auto (or HTTPS_CERT_FILE and HTTPS_KEY_FILE) too.',
    );
  }
  if (value !== 0 && value === port)
    throw new ConfigError(`HTTP_REDIRECT_PORT must differ from PORT (${port}).`);
  return value;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const defaults = (Object.keys(DEV_SECRETS) as (keyof typeof DEV_SECRETS)[]).filter(
      (k) => e[k] === DEV_SECRETS[k],
    );
    if (defaults.length > 0) {
      throw new ConfigError(
        `Refusing to start in production with default secrets: set ${defaults.join(', ')} to long random values.`,
      );
    }
  }
  const storage = parseStorageUrl(e.STORAGE_URL, e.STORAGE_ACCESS_KEY_ID, e.STORAGE_SECRET_ACCESS_KEY);
  if (e.SETTINGS_SECRET && e.SETTINGS_SECRET.length < 16) {
    throw new ConfigError('SETTINGS_SECRET must be at least 16 characters (a long random value).');
  }
  const https = parseHttps(e);
  const httpRedirectPort = parseRedirectPort(e.HTTP_REDIRECT_PORT, https, e.PORT);
  const lanOn = e.LAN !== undefined && ON.has(e.LAN.toLowerCase());
  let sms: Config['sms'] = { provider: 'none' };
  if (e.SMS_PROVIDER === 'aliyun') {
    const missing = (
      [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ] as const
    ).filter((k) => !e[k]);
    if (missing.length) throw new ConfigError(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
    sms = {
      provider: 'aliyun',
      endpoint: e.ALIYUN_SMS_ENDPOINT,
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: e.ALIYUN_SMS_SIGN_NAME!,
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE!,
    };
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // LAN=1: every network interface, so the school's other machines reach it (HOST still wins).
    host: e.HOST ?? (lanOn ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    https,
    httpRedirectPort,
    trustProxy: e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    secrets: { accountSignKey: e.ACCOUNT_SIGN_KEY, clientSecret: e.CLIENT_SECRET, codeSecret: e.CODE_SECRET },
    accountBaseUrl: e.ACCOUNT_BASE_URL,
    seedDemo: e.NODE_ENV !== 'production' && e.SEED_DEMO === 'auto',
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms,
    sso: {
      secret: e.SSO_JWT_SECRET,
      publicKeys: e.SSO_JWT_PUBLIC_KEYS,
      issuer: e.SSO_JWT_ISSUER,
      audience: e.SSO_JWT_AUDIENCE,
    },
    limits: {
      sendPerDestinationHour: e.LIMIT_SEND_PER_DESTINATION_HOUR,
      sendPerIpHour: e.LIMIT_SEND_PER_IP_HOUR,
      verifyPerIp10Min: e.LIMIT_VERIFY_PER_IP_10MIN,
      loginFailuresPerAccount15Min: e.LIMIT_LOGIN_FAILURES_PER_ACCOUNT_15MIN,
      loginFailuresPerAccountIp15Min: e.LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP_15MIN,
      loginFailuresPerIp15Min: e.LIMIT_LOGIN_FAILURES_PER_IP_15MIN,
      loginRememberAddressDays: e.LOGIN_REMEMBER_ADDRESS_DAYS,
      redeemFailuresPerAccountHour: e.LIMIT_REDEEM_FAILURES_PER_ACCOUNT_HOUR,
      redeemFailuresPerIpHour: e.LIMIT_REDEEM_FAILURES_PER_IP_HOUR,
    },
    webDistDir: e.WEB_DIST_DIR,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      bodyIdleTimeoutMs: e.HTTP_BODY_IDLE_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    ai: {
      env: {
        chat: { baseUrl: e.AI_CHAT_BASE_URL, apiKey: e.AI_CHAT_API_KEY, model: e.AI_CHAT_MODEL },
        image: { baseUrl: e.AI_IMAGE_BASE_URL, apiKey: e.AI_IMAGE_API_KEY, model: e.AI_IMAGE_MODEL },
        vision: { baseUrl: e.AI_VISION_BASE_URL, apiKey: e.AI_VISION_API_KEY, model: e.AI_VISION_MODEL },
      },
      speech: {
        vendor: e.AI_SPEECH_VENDOR,
        baseUrl: e.AI_SPEECH_BASE_URL,
        apiKey: e.AI_SPEECH_API_KEY,
        model: e.AI_SPEECH_MODEL,
        region: e.AI_SPEECH_REGION,
      },
      tts: {
        vendor: e.AI_TTS_VENDOR,
        baseUrl: e.AI_TTS_BASE_URL,
        apiKey: e.AI_TTS_API_KEY,
        model: e.AI_TTS_MODEL,
        region: e.AI_TTS_REGION,
      },
      speechTimeoutMs: e.AI_SPEECH_TIMEOUT_MS,
      volc: {
        accessKey: e.AI_VOLC_ACCESS_KEY,
        secretKey: e.AI_VOLC_SECRET_KEY,
        baseUrl: e.AI_VOLC_BASE_URL,
        region: e.AI_VOLC_REGION,
        timeoutMs: e.AI_VOLC_TIMEOUT_MS,
      },
      chatTimeoutMs: e.AI_CHAT_TIMEOUT_MS,
      imageTimeoutMs: e.AI_IMAGE_TIMEOUT_MS,
      visionTimeoutMs: e.AI_VISION_TIMEOUT_MS,
      callsPerMinute: e.AI_CALLS_PER_MINUTE,
      callsPerDay: e.AI_CALLS_PER_DAY,
    },
    mediaSecret: e.MEDIA_SECRET,
    settingsSecret: e.SETTINGS_SECRET,
    trainQuotaBytes: e.TRAIN_QUOTA_MB * 1024 * 1024,
    storage,
  };
}
