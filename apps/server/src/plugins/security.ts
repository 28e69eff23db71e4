/** Security headers on every answer; the CSP allows our own origin only. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const security = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
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
