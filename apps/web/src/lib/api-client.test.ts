import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  apiRequest,
  buildApiRequest,
  configureApiClient,
  HttpError,
  isUnexpectedReply,
  parseProductReply,
  readEnvelope,
  resolveSchema,
  UnexpectedReplyError,
} from './api-client.ts';

describe('product API requests', () => {
  it('adds user_id to form bodies and sends the session and language headers', () => {
    const { url, init } = buildApiRequest(
      '/api/user/getUserInfo',
      { form: { secret: 's' } },
      { uid: 'uid-1', language: 'en' },
    );
    expect(url).toBe('/api/user/getUserInfo');
    expect(init.method).toBe('POST');
    expect(new URLSearchParams(init.body as string).get('user_id')).toBe('uid-1');
    expect(new URLSearchParams(init.body as string).get('secret')).toBe('s');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer uid-1',
      'Accept-Language': 'en',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
  });

  it('adds user_id to JSON bodies', () => {
    const { init } = buildApiRequest(
      '/api/x',
      { method: 'PUT', json: { a: 1 } },
      { uid: 'u', language: 'zh-CN' },
    );
    expect(JSON.parse(init.body as string)).toEqual({ a: 1, user_id: 'u' });
  });

  it('sends no session without a uid, and no body on GET', () => {
    const post = buildApiRequest('/api/login', { query: { uuid: 'a b' } }, { uid: '', language: 'en' });
    expect(post.url).toBe('/api/login?uuid=a+b');
    expect(post.init.body).toBe('');
    expect(post.init.headers).not.toHaveProperty('Authorization');

    const get = buildApiRequest('/api/config', { method: 'GET' }, { uid: 'u', language: 'en' });
    expect(get.init.body).toBeUndefined();
  });

  it('parses data only on success', () => {
    const schema = z.object({ uid: z.string() });
    expect(parseProductReply({ status: 1, message: 'ok', data: { uid: 'x' } }, schema).data).toEqual({
      uid: 'x',
    });
    expect(parseProductReply({ status: 0, message: 'no', data: {} }, schema)).toEqual({
      status: 0,
      message: 'no',
      data: null,
    });
    expect(() => parseProductReply({ status: 1, message: 'ok', data: { uid: 1 } }, schema)).toThrow();
  });

  it('checks the envelope by hand: not an envelope is an unexpected reply, a missing message is empty', () => {
    expect(readEnvelope({ status: 1, data: 5 })).toEqual({ status: 1, message: '', data: 5 });
    expect(readEnvelope({ status: 0, message: 7 })).toEqual({ status: 0, message: '', data: undefined });
    for (const body of [null, 'text', [], { message: 'ok' }, { status: '1' }]) {
      expect(() => readEnvelope(body)).toThrow(UnexpectedReplyError);
    }
    const zodError = (() => {
      try {
        z.string().parse(1);
      } catch (error) {
        return error;
      }
    })();
    expect(isUnexpectedReply(zodError)).toBe(true);
    expect(isUnexpectedReply(new UnexpectedReplyError('x'))).toBe(true);
    expect(isUnexpectedReply(new Error('network'))).toBe(false);
  });

  it('takes a schema or a function that loads one', async () => {
    const schema = z.number();
    expect(await resolveSchema(schema)).toBe(schema);
    expect(await resolveSchema(() => Promise.resolve(schema))).toBe(schema);
  });
});

describe('a refused session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    configureApiClient({ getUid: () => null });
  });

  it('runs onUnauthorized on a 401 only: a 429, a 5xx or no answer says nothing about the session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onUnauthorized = vi.fn();
    configureApiClient({ getUid: () => 'uid-1', onUnauthorized });
    const answer = (status: number, headers?: Record<string, string>) =>
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status, headers })));

    for (const status of [429, 500, 502, 503]) {
      answer(status);
      await expect(apiRequest('/api/x')).rejects.toMatchObject({ status });
    }
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/x')).rejects.toThrow(TypeError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    answer(401);
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("keeps a reply's Retry-After", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('{}', { status: 429, headers: { 'Retry-After': '3' } })),
    );
    await expect(apiRequest('/api/x', { toastHttpErrors: false })).rejects.toMatchObject({
      retryAfterMs: 3000,
    });
  });
});
