import http from 'node:http';
import net from 'node:net';
import { MODEL_TRAIN } from '@ai-edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../modules/model-train/test-fixtures.ts';
import { createTestApp, signedInUser, type TestApp } from '../test/helpers.ts';

/**
 * A client that sends too little, too slowly, cannot hold a socket. Short limits here; each test waits for
 * the server to close the socket and fails (instead of hanging) if that has not happened after 15 s.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    HTTP_HEADERS_TIMEOUT_MS: '1000',
    HTTP_BODY_IDLE_TIMEOUT_MS: '500',
    HTTP_REQUEST_TIMEOUT_MS: '3000',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

/** Opens a socket, lets `talk` write to it, and resolves with what the server said once it closed. */
function untilClosed(talk: (socket: net.Socket) => void): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const bound = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, 15_000);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(bound);
      resolve({ answer, closed: true });
    });
    socket.on('connect', () => talk(socket));
  });
}

const head = (length: number) =>
  `POST /api/log/experience HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('closes a request whose body stops arriving, with a 408', async () => {
    const { answer, closed } = await untilClosed((socket) => socket.write(head(100) + '{"a":'));
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a request whose headers never end', async () => {
    const { closed } = await untilClosed((socket) => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
    expect(closed).toBe(true);
  });

  it('closes a body dripped byte by byte once the whole request takes too long', async () => {
    let timer: NodeJS.Timeout | undefined;
    const result = await untilClosed((socket) => {
      socket.write(head(1000));
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, 100);
    });
    clearInterval(timer);
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a request whose body arrives in pieces within the limits', async () => {
    const body = JSON.stringify({ type: 0, path: '/ailab/aiChat' });
    const { answer } = await untilClosed((socket) => {
      socket.write(head(body.length).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
      socket.write(body.slice(0, 5));
      setTimeout(() => socket.write(body.slice(5)), 200);
    });
    // Not signed in: a 401 from the route, which means the body was read and the route ran.
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });
});

interface Answer {
  status: number;
  connection: string | undefined;
  reusedSocket: boolean;
}

/** One request on `agent`; a large body is written in pieces, as a browser uploads it. */
function request(
  agent: http.Agent,
  options: { method: string; path: string; headers?: http.OutgoingHttpHeaders; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method,
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            reusedSocket: req.reusedSocket,
          }),
        );
      },
    );
    // The server may close while the rest of the body is still on its way: that is the point.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const body = options.body;
    if (!body) return void req.end();
    let at = 0;
    const more = () => {
      while (at < body.length) {
        const piece = body.subarray(at, (at += 64 * 1024));
        if (!req.write(piece)) return void req.once('drain', more);
      }
      req.end();
    };
    more();
  });
}

describe('an answer sent before the body is read (issue 25)', () => {
  it('closes the connection, so the next request on the keep-alive agent is answered on a fresh one', async () => {
    const user = await signedInUser(t, 'early.answer@example.com', { vip: '1' });
    const authorization = `Bearer ${user.uid}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/train/projects',
      headers: { authorization },
      payload: { name: 'Set', kind: 'cls', classes: ['cat', 'dog'] },
    });
    const projectId = created.json<{ data: { id: number } }>().data.id;
    // A picture over the limit: refused with a 413 as soon as the limit is passed, the rest still coming.
    const tooBig = Buffer.concat([png(30, 20), Buffer.alloc(MODEL_TRAIN.maxImageBytes * 2)]);
    const upload = multipart({ label: 'cat', split: 'train', fileName: 'big.png' }, [
      { field: 'image', name: 'big.png', content: tooBig },
    ]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await request(agent, {
        method: 'POST',
        path: `/api/train/projects/${projectId}/images`,
        headers: { authorization, ...upload.headers, 'content-length': upload.payload.length },
        body: upload.payload,
      });
      expect(refused).toMatchObject({ status: 413, connection: 'close' });
      const next = await request(agent, { method: 'GET', path: '/healthz' });
      expect(next).toEqual({ status: 200, connection: 'keep-alive', reusedSocket: false });

      // Signed out: a 401 before the upload is parsed, likewise.
      const signedOut = await request(agent, {
        method: 'POST',
        path: `/api/train/projects/${projectId}/images`,
        headers: { ...upload.headers, 'content-length': upload.payload.length },
        body: upload.payload,
      });
      expect(signedOut).toMatchObject({ status: 401, connection: 'close' });
    } finally {
      agent.destroy();
    }
  });
});
