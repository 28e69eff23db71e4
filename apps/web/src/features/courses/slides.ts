/** Splits a lesson's Markdown into presentation slides at `##` headings and `---` rules. */
export function splitSlides(title: string, body: string): string[] {
  const slides: string[] = [];
  let current: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = current.join('\n').trim();
    if (text) slides.push(text);
    current = [];
  };
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && /^\s*---+\s*$/.test(line)) {
      flush();
      continue;
    }
    if (!inFence && /^##\s/.test(line)) flush();
    current.push(line);
  }
  flush();
  return slides.length > 0 ? slides : [`# ${title}`];
}
