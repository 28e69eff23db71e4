/**
 * Browsers give the camera, the microphone, WebUSB / Web Serial / Web Bluetooth and the Clipboard API only to
 * secure origins (https, or localhost). A school computer that opened the platform as http://<server>:3000
 * has none of them: `navigator.mediaDevices` is undefined. Every panel that needs one says so (with the
 * HTTPS address and the set-up page, components/secure-origin) instead of "no camera found".
 */

/** The error name the camera and microphone modules classify as 'insecure'. */
export const INSECURE_CONTEXT_ERROR = 'InsecureContextError';

/** An error named so the camera's and microphone's classifiers read 'insecure'. */
export function insecureContextError(): Error {
  const error = new Error(
    'this page is not a secure origin (https or localhost): the browser withholds the device',
  );
  error.name = INSECURE_CONTEXT_ERROR;
  return error;
}

/** True on a plain-http page of another machine (never in Node, where there is no window). */
export function isInsecureContext(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext === false;
}

/** The same page at the server's HTTPS address (`secureUrl` from GET /api/config), or null when unknown. */
export function secureAddressOf(
  secureUrl: string | null | undefined,
  location: { pathname: string; search: string; hash: string },
): string | null {
  if (!secureUrl) return null;
  return `${secureUrl.replace(/\/+$/, '')}${location.pathname}${location.search}${location.hash}`;
}
