import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

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
