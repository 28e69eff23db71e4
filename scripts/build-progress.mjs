// Turns `vite build`'s output (~300 lines: every chunk's size) into a few progress lines for `npm start`:
// one per build step, with the time since the build began. Everything is kept, to be printed whole if
// the build fails.

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The step a line of vite's output marks, as the line `npm start` prints, or null for other lines. */
export function progressLine(raw) {
  const line = raw.replace(ANSI, '').trim();
  let match;
  if (/^vite v\S+ building/.test(line)) return '[1/3] compiling the app…';
  if ((match = /^✓ ([\d,]+) modules transformed/.exec(line))) return `[1/3] compiled ${match[1]} modules`;
  if (/^rendering chunks/.test(line)) return '[2/3] writing chunks and copying the model files…';
  if ((match = /^✓ built in (.+)$/.exec(line))) return `[2/3] written (vite: ${match[1]})`;
  if (/^precompressing: /.test(line)) return `[3/3] ${line}`;
  if (/^precompressed /.test(line)) return `[3/3] ${line}`;
  return null;
}

/** A warning vite or rolldown printed (counted, shown only with `npm run build`). */
export function isWarning(raw) {
  const line = raw.replace(ANSI, '').trim();
  return /^\[[A-Z_]+\]/.test(line) || /^\(!\)/.test(line) || /^warning\b/i.test(line);
}
