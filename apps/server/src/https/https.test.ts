import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir, type NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { postJsonToServer } from '../lib/loopback-post.ts';
import { runtimeConfigRoutes } from '../modules/system/routes.ts';
import {
  CA_VALID_DAYS,
  makeCertificateAuthority,
  makeServerCertificate,
  namesInCertificate,
  SERVER_VALID_DAYS,
} from './certificates.ts';
import { ensureLocalCertificates, httpsDir } from './local-ca.ts';
import { certificateNames, sameNames } from './names.ts';
import { readOwnCertificate, watchOwnCertificate } from './own-certificate.ts';
import { prepareHttps } from './prepare.ts';
import { createRedirectServer, redirectTarget } from './redirect-server.ts';
import { setupRoutes } from './setup-routes.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A machine with one LAN card (IPv4 and IPv6), a link-local address and loopback. */
const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '255.0.0.0', mac: '', cidr: null }],
  eth0: [
    {
      address: '192.168.10.20',
      family: 'IPv4',
      internal: false,
      netmask: '255.255.255.0',
      mac: '',
      cidr: null,
    },
    {
      address: 'fd00::20',
      family: 'IPv6',
      internal: false,
      netmask: 'ffff::',
      mac: '',
      cidr: null,
      scopeid: 0,
    },
    {
      address: 'fe80::1',
      family: 'IPv6',
      internal: false,
      netmask: 'ffff::',
      mac: '',
      cidr: null,
      scopeid: 2,
    },
  ],
} as unknown as NodeJS.Dict<NetworkInterfaceInfo[]>;

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'https-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the names the server certificate is for', () => {
  it('lists localhost, the host name, every non-loopback address it listens on and HTTPS_HOSTNAMES', () => {
    const names = certificateNames({
      host: '::',
      extraNames: ['ai.school.lan', '10.1.2.3'],
      interfaces,
      hostname: 'classroom-pc',
    });
    expect(names.dns).toEqual(['localhost', 'classroom-pc', 'classroom-pc.local', 'ai.school.lan']);
    expect(names.ips).toEqual(['127.0.0.1', '::1', '10.1.2.3', '192.168.10.20', 'fd00::20']);
    // IPv4 only on 0.0.0.0; one address only when HOST names it.
    expect(certificateNames({ host: '0.0.0.0', interfaces, hostname: 'pc' }).ips).toEqual([
      '127.0.0.1',
      '::1',
      '192.168.10.20',
    ]);
    expect(certificateNames({ host: '192.168.10.20', interfaces, hostname: 'pc' }).ips).toEqual([
      '127.0.0.1',
      '::1',
      '192.168.10.20',
    ]);
  });

  it('writes them into the certificate, signed by the CA, valid from now for 397 days', () => {
    const now = new Date();
    const ca = makeCertificateAuthority('Test school CA', now);
    const names = { dns: ['localhost', 'school.lan'], ips: ['127.0.0.1', '192.168.10.20', 'fd00::20'] };
    const server = makeServerCertificate(ca, names, now);
    expect(sameNames(namesInCertificate(server.certPem), names)).toBe(true);

    const caCert = new X509Certificate(ca.certPem);
    const cert = new X509Certificate(server.certPem);
    expect(caCert.ca).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(caCert)).toBe(true);
    expect(cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.checkHost('school.lan')).toBe('school.lan');
    expect(cert.checkIP('192.168.10.20')).toBe('192.168.10.20');
    expect(cert.checkHost('other.lan')).toBeUndefined();
    expect(cert.keyUsage).toContain('1.3.6.1.5.5.7.3.1'); // serverAuth
    const from = new Date(cert.validFrom).getTime();
    const to = new Date(cert.validTo).getTime();
    expect(from).toBeLessThanOrEqual(now.getTime());
    expect(Math.round((to - now.getTime()) / DAY)).toBe(SERVER_VALID_DAYS);
    expect(Math.round((new Date(caCert.validTo).getTime() - now.getTime()) / DAY)).toBe(CA_VALID_DAYS);
  });
});

describe('HTTPS=auto: the local CA in DATA_DIR', () => {
  const names = { dns: ['localhost', 'school.lan'], ips: ['127.0.0.1'] };

  it('makes the CA once (key readable by the owner only) and keeps the server certificate while it is good', async () => {
    const first = ensureLocalCertificates(dataDir, names);
    expect(first.renewed).toBe('new');
    const keyMode = (await stat(path.join(httpsDir(dataDir), 'school-ca.key'))).mode & 0o777;
    expect(keyMode).toBe(0o600);
    expect((await stat(path.join(httpsDir(dataDir), 'server.key'))).mode & 0o777).toBe(0o600);
    const again = ensureLocalCertificates(dataDir, names);
    expect(again.renewed).toBeNull();
    expect(again.certPem).toBe(first.certPem);
  });

  it('renews the server certificate 30 days before it ends and keeps the CA', () => {
    const before = ensureLocalCertificates(dataDir, names);
    const later = new Date(Date.now() + (SERVER_VALID_DAYS - 20) * DAY);
    const renewed = ensureLocalCertificates(dataDir, names, later);
    expect(renewed.renewed).toBe('expiring');
    expect(renewed.caPem).toBe(before.caPem);
    expect(renewed.certPem).not.toBe(before.certPem);
    expect(new X509Certificate(renewed.certPem).verify(new X509Certificate(before.caPem).publicKey)).toBe(
      true,
    );
  });

  it('renews it when the names or addresses change, with the same CA', () => {
    const before = ensureLocalCertificates(dataDir, names);
    const moved = { dns: names.dns, ips: ['127.0.0.1', '10.0.0.7'] };
    const renewed = ensureLocalCertificates(dataDir, moved);
    expect(renewed.renewed).toBe('names changed');
    expect(renewed.caPem).toBe(before.caPem);
    expect(namesInCertificate(renewed.certPem).ips).toContain('10.0.0.7');
  });
});

describe("HTTPS_CERT_FILE and HTTPS_KEY_FILE: the school's own certificate", () => {
  it('reads a matching pair, and names the file that is broken, missing or not the pair', async () => {
    const ca = makeCertificateAuthority('Own CA');
    const own = makeServerCertificate(ca, { dns: ['ai.school.edu'], ips: [] });
    const certFile = path.join(dataDir, 'own.crt');
    const keyFile = path.join(dataDir, 'own.key');
    await writeFile(certFile, own.certPem);
    await writeFile(keyFile, own.keyPem);
    expect(readOwnCertificate(certFile, keyFile).certPem).toBe(own.certPem);

    await writeFile(path.join(dataDir, 'broken.crt'), 'not a certificate');
    expect(() => readOwnCertificate(path.join(dataDir, 'broken.crt'), keyFile)).toThrow(ConfigError);
    expect(() => readOwnCertificate(path.join(dataDir, 'broken.crt'), keyFile)).toThrow(
      `HTTPS_CERT_FILE ${path.join(dataDir, 'broken.crt')} holds no certificate`,
    );
    expect(() => readOwnCertificate(path.join(dataDir, 'missing.crt'), keyFile)).toThrow(
      /HTTPS_CERT_FILE .*missing\.crt cannot be read/,
    );
    expect(() => readOwnCertificate(certFile, certFile)).toThrow(/HTTPS_KEY_FILE .* holds no private key/);
    await writeFile(path.join(dataDir, 'other.key'), ca.keyPem);
    expect(() => readOwnCertificate(certFile, path.join(dataDir, 'other.key'))).toThrow(
      /is not the key of the certificate/,
    );
    // Through the configuration, as main.ts does before it listens.
    const config = loadConfig({
      DATA_DIR: dataDir,
      HTTPS_CERT_FILE: path.join(dataDir, 'broken.crt'),
      HTTPS_KEY_FILE: keyFile,
    });
    expect(() => prepareHttps(config)).toThrow(/HTTPS_CERT_FILE/);
  });
});

describe('a renewed own certificate', () => {
  it('is read again when its files change, and a broken replacement is reported, not served', async () => {
    const ca = makeCertificateAuthority('Own CA');
    const first = makeServerCertificate(ca, { dns: ['ai.school.edu'], ips: [] });
    const second = makeServerCertificate(ca, { dns: ['ai.school.edu', 'new.school.edu'], ips: [] });
    const certFile = path.join(dataDir, 'renewed.crt');
    const keyFile = path.join(dataDir, 'renewed.key');
    await writeFile(certFile, first.certPem);
    await writeFile(keyFile, first.keyPem);
    const changes: string[] = [];
    const errors: string[] = [];
    let settled: () => void = () => {};
    const stop = watchOwnCertificate(
      certFile,
      keyFile,
      (next) => {
        changes.push(next.certPem);
        settled();
      },
      (error) => {
        errors.push(error.message);
        settled();
      },
      20,
    );
    try {
      const next = () => new Promise<void>((resolve) => (settled = resolve));
      // The key first, then the certificate (a renewal replaces both).
      let seen = next();
      await writeFile(keyFile, second.keyPem);
      await seen;
      seen = next();
      await writeFile(certFile, second.certPem);
      await seen;
      expect(changes.at(-1)).toBe(second.certPem);
      expect(errors[0]).toMatch(/HTTPS_KEY_FILE .* is not the key/);
      seen = next();
      await writeFile(certFile, 'garbage');
      await seen;
      expect(errors.at(-1)).toMatch(/HTTPS_CERT_FILE .*renewed\.crt holds no certificate/);
    } finally {
      stop();
    }
  });
});

/** A GET over http(s) from Node, trusting `ca` only. */
function get(
  url: string,
  ca?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { ca, headers: { 'accept-language': 'en' } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving HTTPS, the CA, the set-up page and the redirect port', () => {
  let app: FastifyInstance;
  let redirect: ReturnType<typeof createRedirectServer>;
  let port: number;
  let redirectPort: number;
  let caPem: string;

  beforeAll(async () => {
    const serveDir = await mkdtemp(path.join(tmpdir(), 'https-serve-'));
    const config = loadConfig({
      DATA_DIR: serveDir,
      HTTPS: 'auto',
      HTTPS_HOSTNAMES: 'school.lan',
      HTTP_REDIRECT_PORT: '0',
      PORT: '0',
    });
    const prepared = prepareHttps(config);
    caPem = prepared.caPem!;
    // Read per request: the port is known once the server listens.
    const served = { ...config, port: 0 };
    app = Fastify({ https: { key: prepared.tls!.keyPem, cert: prepared.tls!.certPem } });
    await app.register(setupRoutes, { config: served, caPem });
    await app.register(runtimeConfigRoutes, { config: served });
    // Stands in for the admin CLI's endpoint (lib/loopback-post.ts).
    app.post('/echo', async (request) => ({ ok: true, got: request.body }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    served.port = port;
    redirect = createRedirectServer(app, served);
    await new Promise<void>((resolve) => redirect.listen(0, '127.0.0.1', resolve));
    redirectPort = (redirect.address() as AddressInfo).port;
    return async () => {
      redirect.close();
      await app.close();
      await rm(serveDir, { recursive: true, force: true });
    };
  });

  it('serves the CA as application/x-x509-ca-cert over a chain Node verifies against that CA', async () => {
    const res = await get(`https://127.0.0.1:${port}/school-ca.crt`, caPem);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(res.body).toBe(caPem);
    expect(new X509Certificate(res.body).ca).toBe(true);
  });

  it('tells the browser its HTTPS address in GET /config, under the name it used', async () => {
    const res = await app.inject({ url: '/config', headers: { host: `school.lan:${port}` } });
    expect(res.json<{ data: { secureUrl: string } }>().data.secureUrl).toBe(`https://school.lan:${port}`);
  });

  it('shows the set-up page in both languages with the address, its QR code and every platform', async () => {
    const en = await get(`https://127.0.0.1:${port}/setup?lang=en`, caPem);
    expect(en.headers['content-type']).toContain('text/html');
    for (const text of [
      'Windows',
      'macOS',
      'ChromeOS',
      'iPadOS',
      'Android',
      'Managed devices',
      'OverrideSecurityRestrictionsOnInsecureOrigin',
      `https://127.0.0.1:${port}`,
      '<svg',
    ]) {
      expect(en.body).toContain(text);
    }
    const zh = await app.inject({ url: '/setup', headers: { host: 'school.lan' } });
    expect(zh.body).toContain('为本设备设置 AI 实验室');
  });

  it('redirects plain HTTP to the HTTPS address, but serves the CA and the set-up page itself', async () => {
    const moved = await get(`http://127.0.0.1:${redirectPort}/ailab/faceAnalyze?x=1`);
    expect(moved.status).toBe(308);
    expect(moved.headers.location).toBe(`https://127.0.0.1:${port}/ailab/faceAnalyze?x=1`);
    const ca = await get(`http://127.0.0.1:${redirectPort}/school-ca.crt`);
    expect(ca.status).toBe(200);
    expect(ca.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(ca.body).toBe(caPem);
    const setup = await get(`http://127.0.0.1:${redirectPort}/setup`);
    expect(setup.status).toBe(200);
    expect(setup.body).toContain('school-ca.crt');
  });

  it('lets the admin CLI reach it over loopback, trusting the local CA and nothing else', async () => {
    const reply = await postJsonToServer(`https://127.0.0.1:${port}/echo`, {}, { command: 'grant' }, caPem);
    expect(reply).toEqual({ status: 200, json: { ok: true, got: { command: 'grant' } } });
    const otherCa = makeCertificateAuthority('Another CA').certPem;
    await expect(postJsonToServer(`https://127.0.0.1:${port}/echo`, {}, {}, otherCa)).rejects.toThrow();
  });

  it('never redirects to another host, whatever the request line or Host header says', () => {
    const config = { https: { mode: 'auto' as const, hostnames: [] }, port: 3000 };
    expect(redirectTarget(config, 'GET', '//evil.example/x', { host: 'school.lan:80' })).toEqual({
      serve: false,
      location: 'https://school.lan:3000/evil.example/x',
    });
    expect(redirectTarget(config, 'GET', '/', { host: 'evil.example/@x' })).toEqual({
      serve: false,
      location: 'https://localhost:3000/',
    });
    expect(redirectTarget(config, 'POST', '/setup', { host: 'school.lan' })).toMatchObject({ serve: false });
  });
});

describe('a school CA file on disk', () => {
  it('is the CA the set-up page serves', async () => {
    const certs = ensureLocalCertificates(dataDir, { dns: ['localhost'], ips: ['127.0.0.1'] });
    expect(await readFile(path.join(httpsDir(dataDir), 'school-ca.crt'), 'utf8')).toBe(certs.caPem);
  });
});
