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

describe('log redaction', () => {
  it('hides tokens carried in query strings', () => {
    expect(redactUrl('/api/login_sso?jwt=eyJ.abc.def&x=1')).toBe('/api/login_sso?jwt=[redacted]&x=1');
    expect(redactUrl('/api/login?uuid=secret')).toBe('/api/login?uuid=[redacted]');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
