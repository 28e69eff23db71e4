/** How the result is drawn: words inside a line (from the characters' boxes) and a colour per confidence. */
import type { OcrBox, OcrLine } from '../../lib/ocr/index.ts';

export type ConfidenceLevel = 'sure' | 'unsure' | 'guess';

export function confidenceLevel(confidence: number): ConfidenceLevel {
  return confidence >= 0.9 ? 'sure' : confidence >= 0.7 ? 'unsure' : 'guess';
}

export const LEVEL_COLOURS: Record<ConfidenceLevel, string> = {
  sure: '#389e0d',
  unsure: '#d48806',
  guess: '#cf1322',
};

/** A Chinese/Japanese/Korean character: each is a word of its own (there are no spaces between them). */
const CJK = /[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

export interface Word {
  text: string;
  confidence: number;
  box: OcrBox;
}

function union(boxes: OcrBox[]): OcrBox {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Words of a line: runs of characters between spaces; every CJK character alone. */
export function wordsOf(line: OcrLine): Word[] {
  const words: Word[] = [];
  let run: OcrLine['chars'] = [];
  const flush = () => {
    if (run.length === 0) return;
    words.push({
      text: run.map((c) => c.text).join(''),
      confidence: Math.min(...run.map((c) => c.confidence)),
      box: union(run.map((c) => c.box)),
    });
    run = [];
  };
  for (const char of line.chars) {
    if (char.text.trim() === '') flush();
    else if (CJK.test(char.text)) {
      flush();
      run = [char];
      flush();
    } else run.push(char);
  }
  flush();
  return words;
}
