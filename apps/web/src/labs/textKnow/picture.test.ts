import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../../lib/ocr/index.ts';
import { photoLimitProblem, regionBetween, workingSize } from './picture.ts';
import { confidenceLevel, wordsOf } from './words.ts';

describe('photo limits', () => {
  it('refuses photos over 20 MB or 8,000 pixels on a side, with the catalogue texts', () => {
    expect(photoLimitProblem({ bytes: 21 * 1024 * 1024 }, 'en')).toBe(
      'the photo is larger than 20 MB: take it again or crop it',
    );
    expect(photoLimitProblem({ width: 8001, height: 10 }, 'en')).toBe(
      'the photo is more than 8,000 pixels wide or high: make it smaller',
    );
    expect(photoLimitProblem({ width: 100, height: 8001 }, 'zh-CN')).toMatch(/8000/);
    expect(photoLimitProblem({ bytes: 1000, width: 8000, height: 8000 }, 'en')).toBeUndefined();
  });

  it('scales big pictures down to the working size, never up', () => {
    expect(workingSize(4800, 1200)).toEqual({ width: 2400, height: 600 });
    expect(workingSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('clips a dragged crop region to the picture and refuses a tiny one', () => {
    expect(regionBetween({ x: 120, y: 50 }, { x: -10, y: 10 }, 100, 100)).toEqual({
      x: 0,
      y: 10,
      width: 100,
      height: 40,
    });
    expect(regionBetween({ x: 10, y: 10 }, { x: 12, y: 40 }, 100, 100)).toBeUndefined();
  });
});

describe('words and colours', () => {
  const box = (x: number) => ({ x, y: 0, width: 10, height: 20 });
  const line = (text: string, confidences: number[]): OcrLine => ({
    text,
    confidence: 0.9,
    box: { x: 0, y: 0, width: 10 * text.length, height: 20 },
    polygon: [],
    chars: [...text].map((c, i) => ({ text: c, confidence: confidences[i] ?? 1, box: box(10 * i) })),
  });

  it('groups Latin letters into words and keeps each Chinese character alone', () => {
    const words = wordsOf(line('Hi 你好 ok', [1, 0.6, 1, 1, 1, 1, 1, 1]));
    expect(words.map((w) => w.text)).toEqual(['Hi', '你', '好', 'ok']);
    expect(words[0]).toMatchObject({ confidence: 0.6, box: { x: 0, width: 20 } });
    expect(words[3]!.box).toEqual({ x: 60, y: 0, width: 20, height: 20 });
  });

  it('colours by how sure the recogniser is', () => {
    expect([0.95, 0.8, 0.5].map(confidenceLevel)).toEqual(['sure', 'unsure', 'guess']);
  });
});
