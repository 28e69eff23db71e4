/**
 * Look-alike characters to the few an arithmetic line is made of. OCR reads a page as ordinary text (a
 * digit/operator whitelist made it worse), so × often comes back as "x", ÷ as ":" and a full-width "＝"
 * from Chinese input; we read normally, then map what it read onto our symbols.
 *
 * Canonical symbols: digits, `.`, `+`, `-`, `×`, `÷`, `=`, `(`, `)` and `…` for "with remainder"
 * (written "…", "...", "……" or "余").
 */
const LOOK_ALIKES: Record<string, string> = {
  x: '×',
  X: '×',
  '*': '×',
  '✕': '×',
  '✖': '×',
  '⨯': '×',
  '·': '×',
  ':': '÷',
  '∶': '÷',
  '：': '÷',
  '/': '÷',
  '／': '÷',
  '−': '-',
  '–': '-',
  '—': '-',
  '﹣': '-',
  '－': '-',
  一: '-',
  '＋': '+',
  '＝': '=',
  '（': '(',
  '）': ')',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '。': '.',
  '，': '.',
  ',': '.',
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  '|': '1',
  i: '1',
  '!': '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  b: '6',
  G: '6',
  T: '7',
  B: '8',
  g: '9',
  q: '9',
  余: '…',
};

/**
 * Canonical text of a line: full-width digits to ASCII, look-alikes mapped, every remainder spelling to one
 * "…", spaces dropped. Characters with no meaning in a sum are kept, so the parser can say it can't read
 * the line rather than silently dropping part of it.
 */
export function normaliseLine(text: string): string {
  const halfWidth = text.normalize('NFKC').replace(/[\u3000\s]+/g, '');
  // Remainder spellings first: "..." and "……" must not become decimal points.
  const withRemainder = halfWidth.replace(/(?:\.{2,}|…+|⋯+|余)/g, '…');
  let out = '';
  for (const char of withRemainder) out += LOOK_ALIKES[char] ?? char;
  return out;
}
