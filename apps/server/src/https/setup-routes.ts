/**
 * GET /school-ca.crt (the local CA's certificate, for devices to trust) and GET /setup (how to trust it on
 * each kind of device, with a QR code of the HTTPS address). No sign-in: a device needs both before it can
 * open the platform over HTTPS. Also served on the plain-HTTP redirect port (redirect-server.ts).
 */
import { X509Certificate } from 'node:crypto';
import { DEVICE_SETUP_PATH, SCHOOL_CA_PATH } from '@ai-edu/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../config.ts';
import { languageOf } from '../lib/http.ts';
import { hostnameOf, secureOriginFor } from './secure-origin.ts';
import { setupTexts, type SetupLanguage } from './setup-texts.ts';

export interface SetupRouteOptions {
  config: Pick<Config, 'https' | 'port'>;
  /** The local CA (HTTPS=auto); absent with the school's own certificate or plain http. */
  caPem?: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function pageLanguage(request: FastifyRequest): SetupLanguage {
  const asked = (request.query as { lang?: unknown }).lang;
  if (asked === 'en' || asked === 'zh-CN') return asked;
  return languageOf(request) === 'en' ? 'en' : 'zh-CN';
}

function steps([title, ...items]: readonly string[]): string {
  return `<section><h3>${escapeHtml(title ?? '')}</h3><ol>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ol></section>`;
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;max-width:860px;margin:0 auto;padding:24px;line-height:1.6;color:#1f1f1f}
h1{font-size:1.6em}h2{margin-top:2em}code,pre{background:#f5f5f5;padding:2px 6px;border-radius:4px;overflow-wrap:anywhere}
pre{padding:12px;white-space:pre-wrap}.address{font-size:1.3em;font-weight:600}.qr svg{width:200px;height:200px}
.download{display:inline-block;background:#1677ff;color:#fff;padding:8px 16px;border-radius:6px;text-decoration:none}
nav{display:flex;justify-content:space-between}section{margin-bottom:1em}`;

export async function renderSetupPage(
  lang: SetupLanguage,
  options: SetupRouteOptions,
  hostHeader: string | undefined,
): Promise<string> {
  const t = setupTexts[lang];
  const secure = secureOriginFor(options.config, hostHeader);
  const name = hostnameOf(hostHeader) ?? 'localhost';
  const plainHttp = `http://${name.includes(':') ? `[${name}]` : name}:${options.config.port}`;
  const parts: string[] = [];
  parts.push(
    `<nav><a href="/">${escapeHtml(t.back)}</a><a href="?lang=${lang === 'en' ? 'zh-CN' : 'en'}" lang="${lang === 'en' ? 'zh-CN' : 'en'}">${t.otherLanguage}</a></nav>`,
    `<h1>${escapeHtml(t.title)}</h1>`,
    `<p>${escapeHtml(t.why)}</p>`,
  );
  if (!secure) {
    parts.push(`<p data-testid="https-off"><strong>${escapeHtml(t.httpsOff)}</strong></p>`);
  } else {
    const qr = await QRCode.toString(secure, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    parts.push(
      `<h2>${escapeHtml(t.address)}</h2>`,
      `<p class="address"><a href="${escapeHtml(secure)}" data-testid="secure-address">${escapeHtml(secure)}</a></p>`,
      `<div class="qr" role="img" aria-label="QR ${escapeHtml(secure)}">${qr}</div>`,
      `<p>${escapeHtml(t.qr)}</p>`,
    );
  }
  if (options.caPem) {
    const fingerprint = new X509Certificate(options.caPem).fingerprint256;
    parts.push(
      `<p><a class="download" href="${SCHOOL_CA_PATH}" download="school-ca.crt">${escapeHtml(t.download)}</a></p>`,
      `<p>${escapeHtml(t.fingerprint)} <code>${fingerprint}</code></p>`,
      `<h2>${escapeHtml(t.stepsTitle)}</h2>`,
      steps(t.windows),
      steps(t.macos),
      steps(t.chromeos),
      steps(t.ios),
      steps(t.android),
      steps(t.managed),
    );
  } else if (options.config.https.mode === 'files') {
    parts.push(`<p>${escapeHtml(t.ownCertificate)}</p>`);
  }
  parts.push(
    `<h2>${escapeHtml(t.alternativeTitle)}</h2>`,
    `<p>${escapeHtml(t.alternative)}</p>`,
    `<pre>OverrideSecurityRestrictionsOnInsecureOrigin = ["${escapeHtml(plainHttp)}"]</pre>`,
    `<p>${escapeHtml(t.alternativeNote)}</p>`,
  );
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body>${parts.join('\n')}</body></html>`;
}

export const setupRoutes: FastifyPluginAsync<SetupRouteOptions> = async (app, options) => {
  app.get(SCHOOL_CA_PATH, async (request, reply) => {
    if (!options.caPem)
      return reply.status(404).type('text/plain; charset=utf-8').send('no local CA: HTTPS=auto is off');
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', 'attachment; filename="school-ca.crt"')
      .type('application/x-x509-ca-cert')
      .send(options.caPem);
  });
  app.get(DEVICE_SETUP_PATH, async (request, reply) => {
    const html = await renderSetupPage(pageLanguage(request), options, request.headers.host);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
};
