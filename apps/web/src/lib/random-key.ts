/**
 * Random hex keys (idempotency keys, local ids). `crypto.getRandomValues`, because `crypto.randomUUID` exists
 * only in a secure context and a school's plain-HTTP address is not one.
 */
export function randomHex(bytes = 16): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}
