import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { redactUrl } from './lib/http.ts';

describe('configuration', () => {
  it('starts with working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      seedDemo: true,
      sms: { provider: 'none' },
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses production with default secrets, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ACCOUNT_SIGN_KEY: 'k'.repeat(40) })).toThrow(
      /CLIENT_SECRET, CODE_SECRET/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      ACCOUNT_SIGN_KEY: 'a'.repeat(40),
      CLIENT_SECRET: 'b'.repeat(40),
      CODE_SECRET: 'c'.repeat(40),
      MEDIA_SECRET: 'd'.repeat(40),
    });
    expect(config.seedDemo).toBe(false);
  });

  it('explains invalid values and incomplete provider settings', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_SECRET/,
    );
    expect(() => loadConfig({ SETTINGS_SECRET: 'short' })).toThrow(/SETTINGS_SECRET/);
  });

  it('keeps each AI provider variable on its own, so each can win over the console', () => {
    const config = loadConfig({ AI_CHAT_MODEL: 'qwen2.5:7b', SETTINGS_SECRET: 's'.repeat(16) });
    expect(config.ai.env.chat).toEqual({ baseUrl: undefined, apiKey: undefined, model: 'qwen2.5:7b' });
    expect(config.ai.env.image).toEqual({ baseUrl: undefined, apiKey: undefined, model: undefined });
    expect(config.settingsSecret).toBe('s'.repeat(16));
  });
});

describe('stored files setting (STORAGE_URL)', () => {
  it('keeps files on the local disk when unset or empty', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: '  ' }).storage).toEqual({ kind: 'local' });
  });

  it('reads bucket, prefix, endpoint, region, path style and keys', () => {
    const config = loadConfig({
      STORAGE_URL:
        's3://school-files/district-a/?endpoint=http://127.0.0.1:9000/&region=cn-east-1&forcePathStyle=true',
      STORAGE_ACCESS_KEY_ID: 'minio',
      STORAGE_SECRET_ACCESS_KEY: 'minio-secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'school-files',
      prefix: 'district-a/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'cn-east-1',
      forcePathStyle: true,
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
    });
  });

  it('defaults to AWS: no endpoint, us-east-1, virtual-hosted, the SDK credential chain', () => {
    expect(loadConfig({ STORAGE_URL: 's3://school-files' }).storage).toEqual({
      kind: 's3',
      bucket: 'school-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('refuses a malformed STORAGE_URL, naming the variable and what is wrong', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refused({ STORAGE_URL: 'https://bucket.s3.amazonaws.com' })).toMatch(
      /^STORAGE_URL must start with s3:\/\//,
    );
    expect(refused({ STORAGE_URL: 's3:///prefix?region=x' })).toMatch(/^STORAGE_URL names no bucket/);
    expect(refused({ STORAGE_URL: 'not a url' })).toMatch(/^STORAGE_URL is not a URL/);
    expect(refused({ STORAGE_URL: 's3://-bucket' })).toMatch(
      /^STORAGE_URL names an invalid bucket "-bucket"/,
    );
    expect(refused({ STORAGE_URL: 's3://b1b?endpoint=localhost:9000' })).toMatch(
      /^STORAGE_URL has an endpoint that is not an http\(s\) URL/,
    );
    expect(refused({ STORAGE_URL: 's3://b1b?endpoint=http://' })).toMatch(/STORAGE_URL has an endpoint/);
    expect(refused({ STORAGE_URL: 's3://b1b?forcePathStyle=yes' })).toMatch(/STORAGE_URL forcePathStyle/);
    expect(refused({ STORAGE_URL: 's3://b1b?endpiont=http://x' })).toMatch(/unknown setting "endpiont"/);
    expect(refused({ STORAGE_URL: 's3://key:secret@b1b' })).toMatch(/STORAGE_ACCESS_KEY_ID/);
    expect(refused({ STORAGE_URL: 's3://b1b', STORAGE_ACCESS_KEY_ID: 'id' })).toMatch(
      /STORAGE_SECRET_ACCESS_KEY/,
    );
  });
});

describe('log redaction', () => {
  it('hides tokens carried in query strings', () => {
    expect(redactUrl('/api/login_sso?jwt=eyJ.abc.def&x=1')).toBe('/api/login_sso?jwt=[redacted]&x=1');
    expect(redactUrl('/api/login?uuid=secret')).toBe('/api/login?uuid=[redacted]');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});

describe('HTTPS on a school network (HTTPS, HTTPS_HOSTNAMES, HTTPS_CERT_FILE, HTTP_REDIRECT_PORT, LAN)', () => {
  it('serves plain http by default, and logs requests only when LOG_LEVEL asks (warnings and errors always)', () => {
    const config = loadConfig({});
    expect(config.https).toEqual({ mode: 'off' });
    expect(config.logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info');
  });

  it('reads HTTPS=auto with its extra names, and LAN=1 as HOST=0.0.0.0 HTTPS=auto', () => {
    expect(loadConfig({ HTTPS: 'auto', HTTPS_HOSTNAMES: ' ai.school.lan, 10.0.0.5 ,' }).https).toEqual({
      mode: 'auto',
      hostnames: ['ai.school.lan', '10.0.0.5'],
    });
    const lan = loadConfig({ LAN: '1' });
    expect(lan.host).toBe('0.0.0.0');
    expect(lan.https).toEqual({ mode: 'auto', hostnames: [] });
    expect(loadConfig({ LAN: '1', HOST: '192.168.1.5', HTTPS: 'off' })).toMatchObject({
      host: '192.168.1.5',
      https: { mode: 'off' },
    });
  });

  it("reads the school's own certificate files as a pair", () => {
    const own = loadConfig({ HTTPS_CERT_FILE: 'a.crt', HTTPS_KEY_FILE: 'a.key' }).https;
    expect(own.mode === 'files' && own.certFile.endsWith('a.crt')).toBe(true);
    expect(() => loadConfig({ HTTPS_CERT_FILE: 'a.crt' })).toThrow(
      /HTTPS_CERT_FILE and HTTPS_KEY_FILE go together/,
    );
    expect(() => loadConfig({ HTTPS: 'auto', HTTPS_CERT_FILE: 'a.crt', HTTPS_KEY_FILE: 'a.key' })).toThrow(
      /not both/,
    );
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ HTTPS: 'yes please' })).toThrow(/^HTTPS must be "auto"/);
    expect(() => loadConfig({ HTTPS: 'auto', HTTPS_HOSTNAMES: 'ok.lan,bad name' })).toThrow(
      /HTTPS_HOSTNAMES .*"bad name"/,
    );
    expect(() => loadConfig({ LAN: 'maybe' })).toThrow(/^LAN must be 1 or 0/);
    expect(() => loadConfig({ HTTP_REDIRECT_PORT: '80' })).toThrow(/HTTP_REDIRECT_PORT .*set HTTPS=auto/);
    expect(() => loadConfig({ HTTPS: 'auto', HTTP_REDIRECT_PORT: 'eighty' })).toThrow(
      /HTTP_REDIRECT_PORT must be a port/,
    );
    expect(() => loadConfig({ HTTPS: 'auto', HTTP_REDIRECT_PORT: '3000' })).toThrow(/must differ from PORT/);
    expect(loadConfig({ HTTPS: 'auto', HTTP_REDIRECT_PORT: '80' }).httpRedirectPort).toBe(80);
  });
});
