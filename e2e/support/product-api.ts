/** The product API from Node, as a signed-in user (a session's uid), for a test's set-up and checks. */
import { expect } from 'vitest';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON request to the product API as `uid`; expects 200 (the reply's text in the failure) and answers its data. */
export async function productApi<T>(
  baseUrl: string,
  uid: string,
  method: ApiMethod,
  path: string,
  json?: object,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${uid}`,
      Accept: 'application/json',
      'Accept-Language': 'en',
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(json ? { body: JSON.stringify(json) } : {}),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}
