/**
 * A local stand-in for an OpenAI-compatible provider, speaking the documented wire protocol: POST
 * /v1/chat/completions (JSON, or server-sent `chat.completion.chunk` events ending in `data: [DONE]`
 * when `stream: true`; a message with an `image_url` part is answered `visionReply`) and POST /v1/images/generations (`data[0].b64_json`), POST /v1/images/edits (multipart: the `image` file and a `prompt`; answers `editedImage`), POST /v1/audio/transcriptions (multipart; `verbose_json` with segments and words) and /v1/audio/speech (WAV bytes), and GET /v1/models. What it does next is set
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
  /** What a non-streamed completion with a photo (`image_url` content part) answers. */
  visionReply: string;
  /** What POST /v1/audio/transcriptions answers (`verbose_json`, times in seconds). */
  transcription: {
    text: string;
    segments: { text: string; start: number; end: number }[];
    words: { word: string; start: number; end: number }[];
  };
  /** What POST /v1/audio/speech answers. */
  speechAudio: Buffer;
  /** The picture POST /v1/images/edits answers (sketch to picture). */
  editedImage: Buffer;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** JSON bodies parsed; multipart ones (audio transcriptions) read as form fields, the file as its size. */
async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    const fields: Record<string, unknown> = {};
    for (const [name, value] of form.entries()) {
      const entry =
        typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
      const earlier = fields[name];
      fields[name] = earlier === undefined ? entry : [earlier, entry].flat();
    }
    return fields;
  }
  const text = raw.toString('utf8');
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

/** Whether a chat request carries a photo as a data-URL `image_url` part (the vision input). */
function hasPhoto(body: Record<string, unknown>): boolean {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  return messages.some(
    (m) =>
      Array.isArray(m.content) &&
      (m.content as { type?: string; image_url?: { url?: string } }[]).some(
        (part) => part.type === 'image_url' && part.image_url?.url?.startsWith('data:image/'),
      ),
  );
}

/** The fake's transcript: two sentences with their words. */
export const FAKE_TRANSCRIPTION = {
  text: 'Hello class. Machines can listen.',
  segments: [
    { text: 'Hello class.', start: 0, end: 1.2 },
    { text: 'Machines can listen.', start: 1.4, end: 3 },
  ],
  words: [
    { word: 'Hello', start: 0, end: 0.5 },
    { word: 'class', start: 0.6, end: 1.2 },
    { word: 'Machines', start: 1.4, end: 2 },
    { word: 'can', start: 2.1, end: 2.4 },
    { word: 'listen', start: 2.5, end: 3 },
  ],
};

/** A short 16-bit PCM mono WAV (0.1 s of a 440 Hz tone at 16 kHz), what the fake voices speak. */
export const FAKE_SPEECH_WAV = (() => {
  const rate = 16_000;
  const samples = rate / 10;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  return wav;
})();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The settings that point the app's speech recognition and synthesis at this fake. */
export function fakeSpeechEnv(fake: FakeOpenAi): Record<string, string> {
  return {
    AI_SPEECH_VENDOR: 'openai',
    AI_SPEECH_BASE_URL: fake.url,
    AI_SPEECH_API_KEY: fake.apiKey,
    AI_SPEECH_MODEL: 'fake-whisper',
    AI_TTS_VENDOR: 'openai',
    AI_TTS_BASE_URL: fake.url,
    AI_TTS_API_KEY: fake.apiKey,
    AI_TTS_MODEL: 'fake-tts',
  };
}

/** The settings that point the app's chat, painting and vision providers at this fake. */
export function fakeProviderEnv(fake: FakeOpenAi): Record<string, string> {
  return {
    AI_CHAT_BASE_URL: fake.url,
    AI_CHAT_API_KEY: fake.apiKey,
    AI_CHAT_MODEL: 'fake-chat',
    AI_IMAGE_BASE_URL: fake.url,
    AI_IMAGE_API_KEY: fake.apiKey,
    AI_IMAGE_MODEL: 'fake-image',
    AI_VISION_BASE_URL: fake.url,
    AI_VISION_API_KEY: fake.apiKey,
    AI_VISION_MODEL: 'fake-vision',
  };
}

export async function startFakeOpenAi(apiKey = 'sk-fake-key'): Promise<FakeOpenAi> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeOpenAi = {
    url: '',
    apiKey,
    mode: 'ok',
    reply: ['Hello', ', ', 'world', '!'],
    visionReply: 'The quick brown fox\njumps over the lazy dog',
    transcription: structuredClone(FAKE_TRANSCRIPTION),
    speechAudio: FAKE_SPEECH_WAV,
    editedImage: TINY_PNG,
    requests: [],
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
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
          if (fake.mode === 'slow') await sleep(300);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              object: 'chat.completion',
              model,
              choices: [
                {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: hasPhoto(body) ? fake.visionReply : fake.reply.join(''),
                  },
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
      if (req.url === '/v1/images/edits') {
        // As documented: a multipart form with the picture as a file and a prompt.
        const image = body.image as { size?: number; type?: string } | undefined;
        if (!(req.headers['content-type'] ?? '').startsWith('multipart/form-data') || !image?.size) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: "'image' is a required file" } }));
          return;
        }
        if (typeof body.prompt !== 'string' || !body.prompt) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: "'prompt' is a required property" } }));
          return;
        }
        if (fake.mode === 'slow') await sleep(300);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: 0, data: [{ b64_json: fake.editedImage.toString('base64') }] }));
        return;
      }
      if (req.url === '/v1/audio/transcriptions') {
        const file = body.file as { size?: number } | undefined;
        if (!file?.size || typeof body.model !== 'string') {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'file and model are required' } }));
          return;
        }
        if (fake.mode === 'slow') await sleep(300);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            body.response_format === 'verbose_json'
              ? { task: 'transcribe', language: body.language ?? 'en', duration: 3, ...fake.transcription }
              : { text: fake.transcription.text },
          ),
        );
        return;
      }
      if (req.url === '/v1/audio/speech') {
        if (typeof body.input !== 'string' || !body.input || typeof body.voice !== 'string') {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'input and voice are required' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'audio/wav' });
        res.end(fake.speechAudio);
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
