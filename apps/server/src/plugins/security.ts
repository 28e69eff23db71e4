/** Security headers on every answer; the CSP allows our own origin only. */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // antd writes its styles at run time (CSS-in-JS), which needs inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  // Cross-origin isolation lets labs use WASM threads (SharedArrayBuffer); we load nothing cross-origin anyway.
  crossOriginEmbedderPolicy: { policy: 'require-corp' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Schools often serve plain http on a LAN; HSTS belongs on the TLS proxy of an internet-facing install.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with HELMET, asked for once. @fastify/helmet rebuilds helmet's middleware (and
 * re-parses the CSP) on every request: 18 % of the server's CPU when a class downloads a lab's files
 * (docs/benchmarks.md, "Forty browsers at once"). The headers are the same for every answer, so they are
 * computed here and copied onto each reply.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const ours = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name, value]) => !ours.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, value as string]),
  );
}

export const security = fp(async (app: FastifyInstance) => {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  // OpenCV's WebAssembly build (the photo lab's worker, /assets/opencv.worker-<hash>.js) makes its bindings
  // with `new Function` as it starts, which needs 'unsafe-eval'. A worker runs under the policy its own script
  // came with, so only that one answer allows it; pages and every other script keep the policy above.
  app.addHook('onRequest', async (request, reply) => {
    if (!OPENCV_WORKER.test(request.url.split('?')[0] ?? '')) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      void reply.header(
        'content-security-policy',
        policy.replace(/script-src ([^;]*)/, "script-src $1 'unsafe-eval'"),
      );
  });
});

const OPENCV_WORKER = /^\/assets\/opencv\.worker-[\w-]+\.js$/;
