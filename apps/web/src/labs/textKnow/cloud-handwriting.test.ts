/**
 * The cloud handwriting panel's logic (the web project has no DOM, so no component rendering): what each
 * answer leaves on screen, which failures may be retried, and the client call's request and error mapping.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANDWRITING_MAX_BYTES } from '@ai-edu/contract';
import { CloudReadError, HANDWRITING_PATH, readHandwriting } from './cloud-api.ts';
import { cloudTexts } from './cloud-i18n.ts';
import { canRetry, newReadKey, photoTooLarge, stateOfResult } from './cloud-logic.ts';

/** Node has Blob but no FileReader: a minimal one with the browser's data-URL result. */
class NodeFileReader {
  result: string | null = null;
  error: Error | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readAsDataURL(blob: Blob) {
    void blob.arrayBuffer().then((buffer) => {
      this.result = `data:${blob.type};base64,${Buffer.from(buffer).toString('base64')}`;
      this.onload?.();
    });
  }
}

const PHOTO = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], { type: 'image/png' });

function answer(status: number, body: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('FileReader', NodeFileReader);
  return fetch;
}

async function problemOf(promise: Promise<unknown>) {
  const error: unknown = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CloudReadError);
  return (error as CloudReadError).problem;
}

afterEach(() => vi.unstubAllGlobals());

describe('cloud handwriting panel logic', () => {
  it('shows text that arrived, a replay as not charged, and an empty answer as nothing found', () => {
    expect(stateOfResult({ text: '你好 world', charged: true, balance: 8 })).toEqual({
      kind: 'done',
      characters: 8,
      charged: true,
    });
    expect(stateOfResult({ text: 'abc', charged: false, balance: 8 })).toMatchObject({ charged: false });
    expect(stateOfResult({ text: '', charged: false, balance: 10 })).toEqual({ kind: 'empty' });
  });

  it('offers a retry only where pressing again can help', () => {
    expect(canRetry({ kind: 'provider', message: 'timed out' })).toBe(true);
    expect(canRetry({ kind: 'network', message: 'offline' })).toBe(true);
    expect(canRetry({ kind: 'busy', message: '' })).toBe(true);
    for (const kind of ['notConfigured', 'denied', 'session', 'credits', 'tooLarge'] as const)
      expect(canRetry({ kind, message: '' }), kind).toBe(false);
  });

  it('refuses a photo over 20 MB before sending it, and makes distinct request keys', () => {
    expect(photoTooLarge(new Blob([new Uint8Array(HANDWRITING_MAX_BYTES + 1)]))).toBe(true);
    expect(photoTooLarge(new Blob([new Uint8Array(HANDWRITING_MAX_BYTES)]))).toBe(false);
    const key = newReadKey();
    expect(key).toMatch(/^ocr-[0-9a-f]{32}$/);
    expect(newReadKey()).not.toBe(key);
  });

  it('has every text in both languages', () => {
    const keys = (texts: object, prefix = ''): string[] =>
      Object.entries(texts).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
      );
    expect(keys(cloudTexts['zh-CN'])).toEqual(keys(cloudTexts.en));
    expect(keys(cloudTexts.en).length).toBeGreaterThan(10);
  });
});

describe('readHandwriting', () => {
  it('posts the photo as a data URL with its key and returns the text and balance', async () => {
    const fetch = answer(200, { status: 1, message: 'ok', data: { text: 'hi', charged: true, balance: 8 } });
    expect(await readHandwriting(PHOTO, 'ocr-key-1')).toEqual({ text: 'hi', charged: true, balance: 8 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(HANDWRITING_PATH);
    expect(JSON.parse(init.body as string)).toMatchObject({
      image: 'data:image/png;base64,iVBORwECAw==',
      idempotencyKey: 'ocr-key-1',
    });
  });

  it('explains the server’s refusals in the panel’s terms', async () => {
    answer(503, { status: 0, message: 'this AI service is not configured' });
    expect(await problemOf(readHandwriting(PHOTO, 'k'))).toEqual({
      kind: 'notConfigured',
      message: 'this AI service is not configured',
    });
    answer(402, { status: 0, message: 'not enough credits' });
    expect((await problemOf(readHandwriting(PHOTO, 'k'))).kind).toBe('credits');
    answer(504, { status: 0, message: 'the AI service took too long; no credits were charged' });
    expect((await problemOf(readHandwriting(PHOTO, 'k'))).kind).toBe('provider');
    answer(415, { status: 0, message: 'please choose a valid image file (PNG, JPEG, GIF or WebP)' });
    expect(await problemOf(readHandwriting(PHOTO, 'k'))).toEqual({
      kind: 'generic',
      message: 'please choose a valid image file (PNG, JPEG, GIF or WebP)',
    });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await problemOf(readHandwriting(PHOTO, 'k'))).toEqual({
      kind: 'network',
      message: 'Failed to fetch',
    });
  });
});
