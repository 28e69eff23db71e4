import { describe, expect, it } from 'vitest';
import { UnexpectedReplyError } from '../lib/api-client.ts';
import { getRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config.ts';

const config = {
  accountBaseUrl: '/account',
  accountSignKey: 'sign',
  clientSecret: 'secret',
  secureUrl: null,
};
const reply = (body: unknown, status = 200) =>
  (() => Promise.resolve(new Response(JSON.stringify(body), { status }))) as unknown as typeof fetch;

describe('runtime config (checked without zod)', () => {
  it('keeps the settings and nothing else', () => {
    expect(parseRuntimeConfig({ ...config, extra: 1 })).toEqual(config);
  });

  it("keeps the server's HTTPS address, and reads an older server's reply without it as none", () => {
    const secureUrl = 'https://school.lan:3000';
    expect(parseRuntimeConfig({ ...config, secureUrl }).secureUrl).toBe(secureUrl);
    const { secureUrl: _omitted, ...older } = config;
    expect(parseRuntimeConfig(older).secureUrl).toBeNull();
  });

  it('names every missing or empty setting', () => {
    expect(() => parseRuntimeConfig({ accountBaseUrl: '/a', accountSignKey: '' })).toThrow(
      'GET /api/config lacks accountSignKey, clientSecret',
    );
    expect(() => parseRuntimeConfig(null)).toThrow(UnexpectedReplyError);
  });

  it('loads from the envelope, and refuses a failed reply or an HTTP error', async () => {
    expect(await loadRuntimeConfig(reply({ status: 1, message: 'ok', data: config }))).toEqual(config);
    expect(getRuntimeConfig()).toEqual(config);
    await expect(loadRuntimeConfig(reply({ status: 0, message: 'down' }))).rejects.toThrow('failed: down');
    await expect(loadRuntimeConfig(reply({}, 503))).rejects.toThrow('HTTP 503');
    await expect(loadRuntimeConfig(reply({ nope: true }))).rejects.toThrow(UnexpectedReplyError);
  });
});
