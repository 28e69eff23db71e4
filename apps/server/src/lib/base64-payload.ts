/**
 * The bytes of a file sent as base64 inside JSON, bare or as a `data:` URL. Undefined when the text is empty
 * or holds anything but base64.
 */
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,/i;

export function decodeBase64Payload(text: string): Buffer | undefined {
  const prefix = DATA_URL.exec(text)?.[0].length ?? 0;
  const payload = prefix ? text.slice(prefix) : text;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const data = Buffer.from(payload, 'base64');
  // Node skips characters that are not base64; a shorter result than the text's length promises means the
  // text held some. (Cheaper than a regular expression over 27 MB: it blocked the event loop 2× longer.)
  if (!payload || data.length !== Math.floor(((payload.length - padding) * 3) / 4)) return undefined;
  return data;
}
