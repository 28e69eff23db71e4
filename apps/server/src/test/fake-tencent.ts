/**
 * A local stand-in for Tencent Cloud's speech APIs, speaking their documented protocol: one endpoint, the
 * action in `X-TC-Action`, every call signed with TC3-HMAC-SHA256. The fake recomputes the signature from
 * the secret it was given (its own copy of the algorithm, so a mistake in the app's signer shows) and
 * refuses a bad one as Tencent does: HTTP 200 with `Response.Error.Code` `AuthFailure.SignatureFailure`.
 * ASR: CreateRecTask answers a TaskId, DescribeTaskStatus answers waiting, then doing, then success (or
 * failed in `failed` mode). TTS: TextToVoice answers a WAV as base64.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_SPEECH_WAV } from './fake-openai.ts';

export type FakeTencentMode = 'ok' | 'failed' | 'error';

export interface FakeTencent {
  url: string;
  secretId: string;
  secretKey: string;
  mode: FakeTencentMode;
  /** The sentences a finished task answers (ResultDetail), with their words. */
  sentences: {
    text: string;
    startMs: number;
    endMs: number;
    words: { word: string; offsetStartMs: number; offsetEndMs: number }[];
  }[];
  /** Every call: its action and body, and whether its signature checked out. */
  requests: { action: string; body: Record<string, unknown>; signed: boolean }[];
  /** How many DescribeTaskStatus polls each task has had. */
  polls: Map<number, number>;
  close(): Promise<void>;
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const mac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** The expected signature of a request, rebuilt from its own headers as Tencent's server does. */
function expectedSignature(
  req: IncomingMessage,
  payload: string,
  secretKey: string,
  service: string,
): string {
  const timestamp = String(req.headers['x-tc-timestamp'] ?? '');
  const date = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(String(req.headers.authorization))?.[1] ?? '';
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => {
      const value = String(req.headers[name] ?? '').trim();
      return `${name}:${name === 'x-tc-action' ? value.toLowerCase() : value}\n`;
    })
    .join('');
  const canonical = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${hex(payload)}`;
  const scope = `${date}/${service}/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${hex(canonical)}`;
  const key = mac(mac(mac('TC3' + secretKey, date), service), 'tc3_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

export async function startFakeTencent(
  secretId = 'AKIDfakeSecretId0001',
  secretKey = 'fakeSecretKey0001',
): Promise<FakeTencent> {
  let nextTask = 1000;
  const fake: FakeTencent = {
    url: '',
    secretId,
    secretKey,
    mode: 'ok',
    sentences: [
      {
        text: '你好，同学们。',
        startMs: 0,
        endMs: 1500,
        words: [
          { word: '你好', offsetStartMs: 0, offsetEndMs: 600 },
          { word: '同学们', offsetStartMs: 700, offsetEndMs: 1500 },
        ],
      },
      {
        text: '机器会听。',
        startMs: 1800,
        endMs: 3000,
        words: [
          { word: '机器', offsetStartMs: 0, offsetEndMs: 500 },
          { word: '会听', offsetStartMs: 600, offsetEndMs: 1200 },
        ],
      },
    ],
    requests: [],
    polls: new Map(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      let payload = '';
      for await (const chunk of req) payload += String(chunk);
      const action = String(req.headers['x-tc-action'] ?? '');
      const version = String(req.headers['x-tc-version'] ?? '');
      const body = payload ? (JSON.parse(payload) as Record<string, unknown>) : {};
      const reply = (response: Record<string, unknown>) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { ...response, RequestId: `req-${fake.requests.length}` } }));
      };
      const refuse = (code: string, message: string) => reply({ Error: { Code: code, Message: message } });

      const service = action === 'TextToVoice' ? 'tts' : 'asr';
      const credential = /Credential=([^/]+)\/([^/]+)\/([^/]+)\/tc3_request/.exec(
        String(req.headers.authorization),
      );
      const signature = /Signature=([0-9a-f]+)/.exec(String(req.headers.authorization))?.[1];
      const signed =
        credential?.[1] === secretId &&
        credential[3] === service &&
        signature === expectedSignature(req, payload, secretKey, service);
      fake.requests.push({ action, body, signed });
      if (credential?.[1] !== secretId)
        return refuse('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
      if (!signed)
        return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated');
      if (fake.mode === 'error') return refuse('InternalError', 'An internal error has occurred');

      if (action === 'CreateRecTask' && version === '2019-06-14') {
        if (
          body.SourceType !== 1 ||
          typeof body.Data !== 'string' ||
          body.DataLen !== Buffer.from(body.Data, 'base64').length
        )
          return refuse('InvalidParameter', 'Data and DataLen do not match');
        if (typeof body.EngineModelType !== 'string' || body.ChannelNum !== 1)
          return refuse('InvalidParameter', 'EngineModelType and ChannelNum are required');
        const taskId = nextTask++;
        fake.polls.set(taskId, 0);
        return reply({ Data: { TaskId: taskId } });
      }
      if (action === 'DescribeTaskStatus' && version === '2019-06-14') {
        const taskId = Number(body.TaskId);
        const count = fake.polls.get(taskId);
        if (count === undefined) return refuse('InvalidParameterValue', 'TaskId does not exist');
        fake.polls.set(taskId, count + 1);
        const base = { TaskId: taskId, Result: '', ErrorMsg: '', ResultDetail: null };
        if (count === 0) return reply({ Data: { ...base, Status: 0, StatusStr: 'waiting' } });
        if (count === 1) return reply({ Data: { ...base, Status: 1, StatusStr: 'doing' } });
        if (fake.mode === 'failed')
          return reply({
            Data: { ...base, Status: 3, StatusStr: 'failed', ErrorMsg: 'Failed to decode audio' },
          });
        return reply({
          Data: {
            ...base,
            Status: 2,
            StatusStr: 'success',
            Result: fake.sentences
              .map((s) => `[0:${(s.startMs / 1000).toFixed(3)},0:${(s.endMs / 1000).toFixed(3)}]  ${s.text}`)
              .join('\n'),
            ResultDetail: fake.sentences.map((s) => ({
              FinalSentence: s.text,
              SliceSentence: s.text,
              StartMs: s.startMs,
              EndMs: s.endMs,
              WordsNum: s.words.length,
              Words: s.words.map((w) => ({
                Word: w.word,
                OffsetStartMs: w.offsetStartMs,
                OffsetEndMs: w.offsetEndMs,
              })),
            })),
          },
        });
      }
      if (action === 'TextToVoice' && version === '2019-08-23') {
        if (typeof body.Text !== 'string' || !body.Text || typeof body.SessionId !== 'string')
          return refuse('InvalidParameter', 'Text and SessionId are required');
        return reply({ Audio: FAKE_SPEECH_WAV.toString('base64'), SessionId: body.SessionId });
      }
      return refuse('InvalidAction', `${action} (${version}) is not supported`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return fake;
}

/** The settings that point the app's speech recognition and synthesis at this fake. */
export function fakeTencentEnv(fake: FakeTencent): Record<string, string> {
  return {
    AI_SPEECH_VENDOR: 'tencent',
    AI_SPEECH_BASE_URL: fake.url,
    AI_SPEECH_API_KEY: `${fake.secretId}:${fake.secretKey}`,
    AI_SPEECH_REGION: 'ap-guangzhou',
    AI_TTS_VENDOR: 'tencent',
    AI_TTS_BASE_URL: fake.url,
    AI_TTS_API_KEY: `${fake.secretId}:${fake.secretKey}`,
    AI_TTS_REGION: 'ap-guangzhou',
  };
}
