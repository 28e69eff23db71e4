/**
 * The platform on a school network (issue 25 item 1): another computer opens the server by a name of the
 * network (`school.lan`, mapped to this machine in Chromium), not as 127.0.0.1, which browsers treat as
 * secure. With HTTPS=auto the server made its own CA and a certificate for that name: Node checks the chain
 * against /school-ca.crt, and the camera lab gets live video. The same page over plain http (a forwarding
 * proxy of this file in front of the same server, as a school's plain-http address would be) cannot have a
 * camera: it says why, links the HTTPS address and the device set-up page, and never "No camera found".
 */
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:tls';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import { getFromServer, schoolCaFile } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';
import { DEMO_LEARNER, eventually, visible } from '../support/ui.ts';

const SCHOOL_NAME = 'school.lan';
const SLOW_MS = 90_000;

const e2e = setupE2E({
  serverEnv: { HTTPS: 'auto', HTTPS_HOSTNAMES: SCHOOL_NAME },
  browser: {
    localNames: [SCHOOL_NAME],
    // Chromium's own synthetic camera; the certificate chain is checked in Node (below), so Chromium need
    // not trust the test's CA.
    args: ['--use-fake-device-for-media-stream', '--ignore-certificate-errors'],
  },
});

let ca = '';
let port = 0;
let plainHttp: Server | undefined;
let plainPort = 0;

beforeAll(async () => {
  port = Number(new URL(e2e.baseUrl).port);
  ca = await readFile(schoolCaFile(e2e.dataDir), 'utf8');
  // Plain http in front of the same server: the address a school without HTTPS would hand out.
  plainHttp = createServer((request, response) => {
    const upstream = httpsRequest(
      { host: '127.0.0.1', port, path: request.url, method: request.method, headers: request.headers, ca },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => plainHttp!.listen(0, '127.0.0.1', resolve));
  plainPort = (plainHttp.address() as AddressInfo).port;
});

afterAll(async () => {
  plainHttp?.closeAllConnections();
  await new Promise((resolve) => plainHttp?.close(resolve));
});

/** The first <video>'s size and state once it plays frames: live video, not just a granted camera. */
const videoFacts = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video');
    return {
      readyState: video?.readyState ?? 0,
      width: video?.videoWidth ?? 0,
      paused: video?.paused ?? true,
    };
  });

describe('a school network', () => {
  it('serves https://school.lan with a certificate that chains to /school-ca.crt, and the camera lab gets live video', async () => {
    // A device fetches the CA before it trusts anything (here over the HTTPS port, trusting the file).
    const downloaded = await getFromServer(`https://127.0.0.1:${port}/school-ca.crt`, { ca });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/x-x509-ca-cert');
    const schoolCa = downloaded.body.toString('utf8');
    // The chain and the name: a TLS connection to school.lan that trusts only the downloaded CA.
    const authorized = await new Promise<boolean>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, servername: SCHOOL_NAME, ca: schoolCa }, () => {
        resolve(socket.authorized);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(authorized).toBe(true);

    const page = await e2e.newPage({ baseUrl: `https://${SCHOOL_NAME}:${port}`, permissions: ['camera'] });
    await signIn(page, DEMO_LEARNER, {
      path: '/ailab/faceAnalyze',
      apiOrigin: `http://127.0.0.1:${plainPort}`,
      timeout: SLOW_MS,
    });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await eventually(
      () => videoFacts(page),
      (facts) => expect(facts).toMatchObject({ readyState: 4, paused: false, width: 640 }),
      SLOW_MS,
    );
    expect(await page.getByTestId('camera-problem').count()).toBe(0);
    expect(await page.getByTestId('insecure-origin').count()).toBe(0);
  });

  it('over plain http under the same name says why the camera cannot start, with the HTTPS address and the set-up page', async () => {
    const plainOrigin = `http://${SCHOOL_NAME}:${plainPort}`;
    const page = await e2e.newPage({ baseUrl: plainOrigin, permissions: ['camera'] });
    await signIn(page, DEMO_LEARNER, {
      path: '/ailab/faceAnalyze',
      apiOrigin: `http://127.0.0.1:${plainPort}`,
      timeout: SLOW_MS,
    });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    const notice = page.getByRole('region', { name: 'Why this cannot start here' });
    await visible(notice.getByText('The camera needs the secure (https) address'), SLOW_MS);
    await visible(notice.getByText(`opened the platform over plain http (${plainOrigin})`));
    const secure = notice.getByTestId('secure-address');
    expect(await secure.getAttribute('href')).toBe(`https://${SCHOOL_NAME}:${port}/ailab/faceAnalyze`);
    // The photo still works; the wrong explanation is gone.
    await visible(notice.getByRole('button', { name: 'Upload a photo' }));
    expect(await page.getByText('No camera found').count()).toBe(0);

    await notice.getByRole('link', { name: 'How to set up this device' }).click();
    await page.waitForURL(`${plainOrigin}/setup`);
    await visible(page.getByRole('heading', { name: 'Set up this device for AI Lab', level: 1 }));
    await visible(page.getByText('OverrideSecurityRestrictionsOnInsecureOrigin').first());
    await visible(page.getByRole('link', { name: 'Download the school CA certificate (school-ca.crt)' }));
  });
});
