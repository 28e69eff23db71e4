/** A minimal HS256 JWT, as a school's identity provider would issue for single sign-on. */
import { createHmac, randomUUID } from 'node:crypto';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function signHs256(secret: string, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ iat: now, exp: now + 300, jti: randomUUID(), ...claims }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
