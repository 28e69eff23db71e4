/**
 * The security headers are computed once (security.ts) instead of by @fastify/helmet on every request: every
 * answer still carries exactly what helmet would set with the same options, and the OpenCV worker's CSP
 * exception still applies to that one script only.
 */
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are on every answer (API, 404), the same on each', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    for (const name of [
      'content-security-policy',
      'cross-origin-embedder-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ]) {
      expect(health.headers[name], name).toBeTruthy();
      expect(missing.headers[name], name).toBe(health.headers[name]);
    }
    expect(health.headers['strict-transport-security']).toBeUndefined();
    expect(health.headers['content-security-policy']).not.toContain("'unsafe-eval'");
  });

  it('leave the headers only a page acts on off scripts, styles and models, and keep the rest', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    for (const url of ['/assets/app-abc123.js', '/assets/app-abc123.css', '/models/0123456789ab/m.bin']) {
      const file = await t.app.inject({ method: 'GET', url });
      for (const name of ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster'])
        expect(file.headers[name], `${url} ${name}`).toBeUndefined();
      for (const name of [
        'content-security-policy',
        'cross-origin-embedder-policy',
        'cross-origin-resource-policy',
        'x-content-type-options',
        'referrer-policy',
      ])
        expect(file.headers[name], `${url} ${name}`).toBe(page.headers[name]);
    }
    // A picture can be opened as a page: it keeps them all.
    const picture = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(picture.headers['x-frame-options']).toBe(page.headers['x-frame-options']);
  });

  it("let OpenCV's worker script (and only it) use new Function", async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/assets/opencv.worker-Ab12_x.js' });
    expect(worker.headers['content-security-policy']).toMatch(/script-src [^;]*'unsafe-eval'/);
  });

  it('match what @fastify/helmet sets with default options for what we did not change', async () => {
    const plain = Fastify();
    await plain.register(helmet, { contentSecurityPolicy: false, strictTransportSecurity: false });
    plain.get('/', async () => '');
    const reference = await plain.inject({ method: 'GET', url: '/' });
    await plain.close();
    const ours = await t.app.inject({ method: 'GET', url: '/healthz' });
    for (const name of [
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-frame-options',
      'origin-agent-cluster',
    ])
      expect(ours.headers[name], name).toBe(reference.headers[name]);
  });
});
