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

const OPENCV_WORKER = /^\/assets\/opencv\.worker-[\w-]+\.js$/;

/**
 * Scripts, styles, WebAssembly and model files are never shown as a page, and a class downloads ~170 of them
 * per lab at once (issue 25 item 5): they go without the headers that only a document (a page, or a picture
 * opened as one) acts on, which the browser ignores on them. A script keeps what a worker started from it
 * obeys (CSP, COEP, Referrer-Policy), and every file keeps nosniff and CORP.
 */
const SUBRESOURCE = /\.(?:m?js|css|wasm|json|bin|onnx)$/;
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy', // the browsing context group of a top-level page
  'origin-agent-cluster', // a page's agent cluster
  'x-frame-options', // whether a page may be framed (CSP frame-ancestors too, kept for workers' CSP)
  'x-dns-prefetch-control', // prefetching of the links on a page
  'x-download-options', // IE 8 opening a downloaded HTML page
  'x-permitted-cross-domain-policies', // Flash and PDF readers
  'x-xss-protection', // the retired XSS filter of a page
]);

/** The security headers of the answer to `path` (the URL's path, no query): the same for all but one file. */
export type SecurityHeaders = (path: string) => Readonly<Record<string, string>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** For answers sent outside Fastify's reply (static-web.ts's fast lane): the same headers. */
    securityHeaders: SecurityHeaders;
  }
}

export const security = fp(async (app: FastifyInstance) => {
  const headers = await helmetHeaders();
  // OpenCV's WebAssembly build (the photo lab's worker, /assets/opencv.worker-<hash>.js) makes its bindings
  // with `new Function` as it starts, which needs 'unsafe-eval'. A worker runs under the policy its own script
  // came with, so only that one answer allows it; pages and every other script keep the policy above.
  const policy = headers['content-security-policy'] ?? '';
  const opencvWorker = {
    ...headers,
    'content-security-policy': policy.replace(/script-src ([^;]*)/, "script-src $1 'unsafe-eval'"),
  };
  const subresource = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.has(name)),
  );
  const headersFor: SecurityHeaders = (path) =>
    OPENCV_WORKER.test(path) ? opencvWorker : SUBRESOURCE.test(path) ? subresource : headers;
  app.decorate('securityHeaders', headersFor);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headersFor(request.url.split('?')[0] ?? ''));
    done();
  });
});
