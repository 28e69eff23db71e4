/**
 * TC3-HMAC-SHA256 against Tencent's documented worked example (CVM DescribeInstances, timestamp
 * 1551113065), recomputed here step by step from the documentation's formulas, independently of the signer.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tc3Date, tc3Headers, tc3Sign } from './tc3-signature.ts';

const example = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  action: 'DescribeInstances',
  payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  timestamp: 1551113065,
};

function documented(): string {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonicalRequest =
    'POST\n/\n\n' +
    'content-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\nx-tc-action:describeinstances\n\n' +
    'content-type;host;x-tc-action\n' +
    sha(example.payload);
  const stringToSign = `TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n${sha(canonicalRequest)}`;
  const secretDate = createHmac('sha256', 'TC3' + example.secretKey)
    .update('2019-02-25')
    .digest();
  const secretService = createHmac('sha256', secretDate).update('cvm').digest();
  const secretSigning = createHmac('sha256', secretService).update('tc3_request').digest();
  return createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
}

describe('TC3-HMAC-SHA256', () => {
  it('signs the documented example as the documentation computes it', () => {
    expect(tc3Date(example.timestamp)).toBe('2019-02-25');
    const { signature, authorization } = tc3Sign(example);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toBe(documented());
    expect(authorization).toBe(
      `TC3-HMAC-SHA256 Credential=${example.secretId}/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`,
    );
  });

  it('changes with the key, the payload and the time', () => {
    const base = tc3Sign(example).signature;
    expect(tc3Sign({ ...example, secretKey: 'other' }).signature).not.toBe(base);
    expect(tc3Sign({ ...example, payload: '{}' }).signature).not.toBe(base);
    expect(tc3Sign({ ...example, timestamp: example.timestamp + 1 }).signature).not.toBe(base);
  });

  it('sends the common parameters as X-TC- headers', () => {
    expect(tc3Headers({ ...example, version: '2019-06-14', region: 'ap-guangzhou' })).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'DescribeInstances',
      'x-tc-version': '2019-06-14',
      'x-tc-timestamp': '1551113065',
      'x-tc-region': 'ap-guangzhou',
    });
  });
});
