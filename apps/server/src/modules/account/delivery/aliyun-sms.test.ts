/**
 * AliyunSmsSender against a local fake of Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms over the RPC
 * protocol with signature v1). The fake checks requests the way the documentation describes, with its own
 * percent-encoding and signing written here from the docs, so a bug in the adapter's helpers shows up as a
 * refused request rather than being shared by both sides.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AliyunSmsSender,
  aliyunPercentEncode,
  aliyunSignature,
  type AliyunSmsSettings,
} from './aliyun-sms.ts';
import type { CodeMessage } from './types.ts';

/**
 * Alibaba Cloud's POP percent-encoding, from the docs: encode the UTF-8 bytes; A–Z, a–z, 0–9, '-', '_',
 * '.', '~' stay as they are; every other byte is %XY with upper-case hex (so a space is %20, not '+').
 */
function popEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /^[A-Za-z0-9_.~-]$/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** StringToSign = METHOD & %2F & encode(sorted canonical query); HMAC-SHA1 keyed with secret + '&'; base64. */
function popSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((name) => `${popEncode(name)}=${popEncode(params[name]!)}`)
    .join('&');
  const stringToSign = `${method}&${popEncode('/')}&${popEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

const ACCESS_KEY_ID = 'LTAI-test-key';
const ACCESS_KEY_SECRET = 'test-secret-0123456789';
const REQUIRED = [
  'AccessKeyId',
  'Action',
  'Format',
  'PhoneNumbers',
  'SignName',
  'Signature',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'TemplateCode',
  'TemplateParam',
  'Timestamp',
  'Version',
] as const;

interface FakeAliyunSms {
  url: string;
  /** Every request that reached the server, accepted or not. */
  requests: number;
  /** The parameters of the requests the fake accepted (answered Code OK). */
  accepted: Record<string, string>[];
  /** When set, the next valid request is answered with this business error code (HTTP 200). */
  failNextWith?: string;
  /** When true, requests are held open and never answered. */
  hang: boolean;
  close(): Promise<void>;
}

async function startFakeAliyunSms(): Promise<FakeAliyunSms> {
  const nonces = new Set<string>();
  const answer = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }));
  };
  const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message });

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    fake.requests++;
    if (fake.hang) return; // never answered: the client has to give up by itself
    const [pathname = '', query = ''] = (req.url ?? '').split('?', 2);
    if (req.method !== 'GET' || pathname !== '/') {
      return refuse(res, 404, 'InvalidAction.NotFound', 'Specified api is not found.');
    }
    // Raw RPC query: name=value pairs, each percent-encoded; a name may appear only once.
    const params: Record<string, string> = {};
    for (const pair of query.split('&').filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq < 1) return refuse(res, 400, 'InvalidParameter', `Malformed query pair '${pair}'.`);
      let name: string, value: string;
      try {
        name = decodeURIComponent(pair.slice(0, eq));
        value = decodeURIComponent(pair.slice(eq + 1));
      } catch {
        return refuse(res, 400, 'InvalidParameter', `Malformed percent-encoding in '${pair}'.`);
      }
      if (Object.hasOwn(params, name)) return refuse(res, 400, 'InvalidParameter', `Duplicate ${name}.`);
      params[name] = value;
    }
    const missing = REQUIRED.filter((name) => !params[name]);
    if (missing.length) return refuse(res, 400, 'MissingParameter', `Missing ${missing.join(', ')}.`);
    const { Signature: signature, ...signed } = params;
    if (params.Action !== 'SendSms') return refuse(res, 400, 'InvalidAction.NotFound', 'Unknown Action.');
    if (params.Version !== '2017-05-25') return refuse(res, 400, 'InvalidVersion', 'Unknown Version.');
    if (params.Format !== 'JSON') return refuse(res, 400, 'InvalidParameter', 'Format must be JSON here.');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      return refuse(res, 400, 'InvalidSignatureMethod', 'Only HMAC-SHA1 signature version 1.0.');
    }
    if (params.AccessKeyId !== ACCESS_KEY_ID) {
      return refuse(res, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    }
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp!)) {
      return refuse(res, 400, 'InvalidTimeStamp.Format', 'Timestamp must be yyyy-MM-ddTHH:mm:ssZ in UTC.');
    }
    if (Math.abs(Date.parse(params.Timestamp!) - Date.now()) > 15 * 60_000) {
      return refuse(res, 400, 'InvalidTimeStamp.Expired', 'Timestamp is more than 15 minutes off.');
    }
    const expected = popSignature('GET', signed, ACCESS_KEY_SECRET);
    if (signature !== expected) {
      return refuse(
        res,
        400,
        'SignatureDoesNotMatch',
        'Specified signature is not matched with our calculation.',
      );
    }
    if (nonces.has(params.SignatureNonce!)) {
      return refuse(res, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    }
    nonces.add(params.SignatureNonce!);
    let templateParam: unknown;
    try {
      templateParam = JSON.parse(params.TemplateParam!);
    } catch {
      return answer(res, 200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    }
    if (typeof (templateParam as { code?: unknown }).code !== 'string') {
      return answer(res, 200, { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板缺少变量' });
    }
    if (fake.failNextWith) {
      const code = fake.failNextWith;
      fake.failNextWith = undefined;
      return answer(res, 200, { Code: code, Message: '触发业务流控' });
    }
    fake.accepted.push(params);
    answer(res, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeAliyunSms = {
    url: `http://127.0.0.1:${port}/`,
    requests: 0,
    accepted: [],
    hang: false,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

const message: CodeMessage = {
  channel: 'sms',
  to: '13800138000',
  code: '482913',
  purpose: 'login',
  language: 'zh-CN',
};

describe('Alibaba Cloud SMS signing', () => {
  // The worked example of the dysmsapi signature documentation (AccessKeyId testId, secret testSecret).
  const documented: Record<string, string> = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };

  it('the fake and the adapter both reproduce the documented example signature', () => {
    expect(popSignature('GET', documented, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(aliyunSignature('GET', documented, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('aliyunPercentEncode follows the POP rules', () => {
    expect(aliyunPercentEncode('a b*c~d!')).toBe('a%20b%2Ac~d%21');
    expect(aliyunPercentEncode("(x)'")).toBe('%28x%29%27');
    expect(aliyunPercentEncode('-_.~')).toBe('-_.~');
    expect(aliyunPercentEncode('/=&+:')).toBe('%2F%3D%26%2B%3A');
    expect(aliyunPercentEncode('阿里')).toBe('%E9%98%BF%E9%87%8C');
    const sample = 'Sign 名*~!(x)\'{"code":"1"}+/=&';
    expect(aliyunPercentEncode(sample)).toBe(popEncode(sample));
  });
});

describe('AliyunSmsSender against a fake dysmsapi', () => {
  let fake: FakeAliyunSms;
  let settings: AliyunSmsSettings;

  beforeAll(async () => {
    fake = await startFakeAliyunSms();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests = 0;
    fake.accepted.length = 0;
    fake.failNextWith = undefined;
    fake.hang = false;
    settings = {
      endpoint: fake.url,
      accessKeyId: ACCESS_KEY_ID,
      accessKeySecret: ACCESS_KEY_SECRET,
      // A Chinese sign name, as real ones are: exercises the UTF-8 percent-encoding in the signature.
      signName: '阿里云短信测试专用',
      templateCode: 'SMS_71390007',
    };
  });

  it('sends a code the provider accepts, with the phone, template and code', async () => {
    await new AliyunSmsSender(settings).send(message);

    expect(fake.requests).toBe(1);
    expect(fake.accepted).toHaveLength(1);
    const sent = fake.accepted[0]!;
    expect(sent.PhoneNumbers).toBe('13800138000');
    expect(sent.SignName).toBe('阿里云短信测试专用');
    expect(sent.TemplateCode).toBe('SMS_71390007');
    expect(JSON.parse(sent.TemplateParam!)).toEqual({ code: '482913' });
    expect(sent).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      AccessKeyId: ACCESS_KEY_ID,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
    });
  });

  it('uses a fresh nonce per request, so consecutive sends are all accepted', async () => {
    const sender = new AliyunSmsSender(settings);
    await sender.send(message);
    await sender.send({ ...message, to: '13900139000', code: '000123' });
    expect(fake.accepted.map((p) => [p.PhoneNumbers, JSON.parse(p.TemplateParam!) as unknown])).toEqual([
      ['13800138000', { code: '482913' }],
      ['13900139000', { code: '000123' }],
    ]);
    expect(fake.accepted[0]!.SignatureNonce).not.toBe(fake.accepted[1]!.SignatureNonce);
  });

  it('throws when the signature does not match (wrong secret)', async () => {
    const sender = new AliyunSmsSender({ ...settings, accessKeySecret: 'not-the-secret' });
    await expect(sender.send(message)).rejects.toThrow(/SignatureDoesNotMatch/);
    expect(fake.requests).toBe(1);
    expect(fake.accepted).toHaveLength(0);
  });

  it('throws when the access key is unknown', async () => {
    const sender = new AliyunSmsSender({ ...settings, accessKeyId: 'LTAI-someone-else' });
    await expect(sender.send(message)).rejects.toThrow(/InvalidAccessKeyId\.NotFound/);
    expect(fake.accepted).toHaveLength(0);
  });

  it('throws on a business error code answered with HTTP 200', async () => {
    fake.failNextWith = 'isv.BUSINESS_LIMIT_CONTROL';
    const sender = new AliyunSmsSender(settings);
    await expect(sender.send(message)).rejects.toThrow(/isv\.BUSINESS_LIMIT_CONTROL/);
    expect(fake.requests).toBe(1);
    expect(fake.accepted).toHaveLength(0);
    // The error was for that one request only: the next one goes through.
    await sender.send(message);
    expect(fake.accepted).toHaveLength(1);
  });

  it('gives up on a provider that never answers', async () => {
    fake.hang = true;
    const sender = new AliyunSmsSender(settings, 200);
    await expect(sender.send(message)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(fake.requests).toBe(1); // it did reach the server: the timeout, not a connection error, ended it
    expect(fake.accepted).toHaveLength(0);
  });
});
