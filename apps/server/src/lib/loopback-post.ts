/**
 * POSTs JSON to this machine's own server (the admin CLI's bridge, data-lock.ts), over http or https. Over
 * HTTPS=auto the local CA is trusted (its server certificate names 127.0.0.1); with the school's own
 * certificate, which names the school's host names rather than 127.0.0.1, the name is not checked: the
 * request stays on loopback and the per-start admin token, not TLS, proves who the server is.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export function postJsonToServer(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  caPem?: string,
): Promise<{ status: number; json: unknown }> {
  const text = JSON.stringify(body);
  const secure = url.startsWith('https:');
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
        ...(secure ? (caPem ? { ca: caPem } : { rejectUnauthorized: false }) : {}),
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
        res.on('end', () => {
          let json: unknown = {};
          try {
            json = JSON.parse(data);
          } catch {
            // Not JSON: the caller reports the status.
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
