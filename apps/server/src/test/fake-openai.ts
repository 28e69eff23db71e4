/**
 * A local stand-in for an OpenAI-compatible provider, speaking the documented wire protocol: POST
 * /v1/chat/completions (JSON, or server-sent `chat.completion.chunk` events ending in `data: [DONE]`
 * when `stream: true`) and POST /v1/images/generations (`data[0].b64_json`) and GET /v1/models. What it does next is set
 * by `mode`, so tests can make it fail, hang, or stop halfway. Used by integration and e2e tests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 'error' | 'hang' | 'partial' | 'slow';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface FakeOpenAi {
  url: string;
  apiKey: string;
  mode: FakeMode;
  /** The reply the chat streams, split into these pieces. */
  reply: string[];
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function chunk(model: string, content: string | null, finish: string | null = null) {
  return JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The settings that point the app's chat and painting providers at this fake. */
export function fakeProviderEnv(fake: FakeOpenAi): Record<string, string> {
  return {
    AI_CHAT_BASE_URL: fake.url,
    AI_CHAT_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: 'fake-chat',
    AI_IMAGE_BASE_URL: fake.url,
    AI_IMAGE_API_KEY: fake.apiKey,
    AI_IMAGE_MODEL: 'fake-image',
  };
}

export async function startFakeOpenAi(apiKey = 'sk-fake-key'): Promise<FakeOpenAi> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeOpenAi = {
    url: '',
    apiKey,
    mode: 'ok',
    reply: ['Hello', ', ', 'world', '!'],
    requests: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      fake.requests.push({ path: req.url ?? '', body });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
        );
        return;
      }
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        return;
      }
      const model = typeof body.model === 'string' ? body.model : 'fake';
      if (req.url === '/v1/chat/completions') {
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              object: 'chat.completion',
              model,
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: fake.reply.join('') },
                  finish_reason: 'stop',
                },
              ],
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(`data: ${chunk(model, '')}\n\n`);
        for (const [i, piece] of fake.reply.entries()) {
          res.write(`data: ${chunk(model, piece)}\n\n`);
          if (fake.mode === 'slow') await sleep(150);
          if (fake.mode === 'partial' && i === 0) {
            // Let the first piece reach the client, then drop the connection mid-stream.
            await sleep(100);
            res.destroy();
            return;
          }
        }
        res.write(`data: ${chunk(model, null, 'stop')}\n\n`);
        res.end('data: [DONE]\n\n');
        return;
      }
      if (req.url === '/v1/images/generations') {
        if (fake.mode === 'slow') await sleep(300);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: 0, data: [{ b64_json: TINY_PNG.toString('base64') }] }));
        return;
      }
      if (req.url === '/v1/models' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            data: ['fake-chat', 'fake-image'].map((id) => ({ id, object: 'model', owned_by: 'fake' })),
          }),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Unknown path' } }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
