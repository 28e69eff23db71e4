/**
 * Text recognition lab (issue 12) in headless Chromium: the built app on a local server, the page
 * `/ailab/textKnow` reading pictures uploaded through its file input, with the real engine (PP-OCRv4 on
 * onnxruntime-web's single-threaded WASM). Pictures are drawn in the page by this file, from a seeded generator:
 * - seconds to read a 1280 × 720 page of text, English and Chinese (the page's own timing: detect + angle
 *   check + recognise, mean of 3 after a warm-up);
 * - character accuracy on 50 generated lines per language (1 − edit distance ÷ length), each line with noise,
 *   blur up to 1.2 px and a rotation up to 5°. Chinese needs a CJK font (fonts-wqy-microhei, .ci/run).
 * Skipped (with a note) when apps/web/dist or Chromium is missing.
 */
import type { Page } from 'playwright-core';
import { characterAccuracy } from '../../../packages/ml/src/ocr/accuracy.ts';
import { seededRandom, type Rng } from '../../../packages/ml/src/random.ts';
import { withSignedInPage } from '../browser-login.ts';

export const name = 'text recognition (Chromium)';

type Lang = 'eng' | 'chi_sim';
const LINES_PER_LANGUAGE = 50;
const PAGE_RUNS = 3;

const WORDS =
  'the a cat dog school teacher student reads writes book page river mountain green blue small large quick slow happy computer robot science music garden window morning evening friend lunch apple orange number seven twelve 2026 42 ten light today tomorrow travels learns plays draws'.split(
    ' ',
  );
const PHRASES =
  '今天 天气 很好 我们 一起 去 学校 学习 人工智能 老师 同学 图书馆 看书 数学 语文 科学 实验 电脑 机器人 春天 公园 花开 了 明天 下午 三点 上课 欢迎 大家 参加 活动 中国 北京 上海 朋友 写字 画画 唱歌 跑步 喝水 吃饭'.split(
    ' ',
  );

function lineText(lang: Lang, rng: Rng): string {
  const pick = <T>(list: T[]) => list[Math.floor(rng() * list.length)]!;
  if (lang === 'eng') return Array.from({ length: 3 + Math.floor(rng() * 4) }, () => pick(WORDS)).join(' ');
  return Array.from({ length: 3 + Math.floor(rng() * 3) }, () => pick(PHRASES)).join('');
}

interface Drawing {
  width: number;
  height: number;
  lines: string[];
  font: string;
  size: number;
  angleDeg: number;
  blurPx: number;
  noise: number;
  seed: number;
}

/** The bits of the page's DOM used below (this Node project has no DOM types; the code runs in the page). */
interface Context2D {
  fillStyle: string;
  font: string;
  textBaseline: string;
  filter: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  fillText(text: string, x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  putImageData(data: { data: Uint8ClampedArray }, x: number, y: number): void;
}
interface PageDocument {
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d'): Context2D;
    toDataURL(type: string): string;
  };
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}

/** A PNG drawn in the page (its fonts): lines on white, turned, blurred and with seeded pixel noise. */
async function draw(page: Page, d: Drawing): Promise<Buffer> {
  const url = await page.evaluate((spec) => {
    const canvas = (globalThis as unknown as { document: PageDocument }).document.createElement('canvas');
    canvas.width = spec.width;
    canvas.height = spec.height;
    const c = canvas.getContext('2d');
    c.fillStyle = '#fff';
    c.fillRect(0, 0, spec.width, spec.height);
    c.translate(spec.width / 2, spec.height / 2);
    c.rotate((spec.angleDeg * Math.PI) / 180);
    c.translate(-spec.width / 2, -spec.height / 2);
    c.filter = spec.blurPx > 0 ? `blur(${spec.blurPx}px)` : 'none';
    c.fillStyle = '#1a1a1a';
    c.font = `${spec.size}px ${spec.font}`;
    c.textBaseline = 'middle';
    const step = spec.size * 1.6;
    const top = (spec.height - step * (spec.lines.length - 1)) / 2;
    for (let i = 0; i < spec.lines.length; i++) c.fillText(spec.lines[i]!, spec.size, top + i * step);
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.filter = 'none';
    // Seeded noise: mulberry32 as in packages/ml/src/random.ts, written inline (tsx names inner functions
    // with a helper the page does not have).
    let a = spec.seed >>> 0;
    const pixels = c.getImageData(0, 0, spec.width, spec.height);
    for (let i = 0; i < pixels.data.length; i += 4) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const n = (((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5) * 2 * spec.noise;
      for (let k = 0; k < 3; k++) pixels.data[i + k] = Math.max(0, Math.min(255, pixels.data[i + k]! + n));
    }
    c.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/png');
  }, d);
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

/** Uploads the picture and waits for the page's next finished reading: its lines and its milliseconds. */
async function read(page: Page, png: Buffer): Promise<{ lines: string[]; millis: number }> {
  const card = page.getByTestId('ocr-result');
  const before = Number((await card.getAttribute('data-readings').catch(() => '0')) ?? 0);
  await page
    .getByTestId('image-upload-input')
    .setInputFiles({ name: 'bench.png', mimeType: 'image/png', buffer: png });
  await page.waitForFunction(
    (n) =>
      Number(
        (globalThis as unknown as { document: PageDocument }).document
          .querySelector('[data-testid="ocr-result"]')
          ?.getAttribute('data-readings') ?? 0,
      ) > n,
    before,
    { timeout: 120_000, polling: 50 },
  );
  const millis = Number((await card.getAttribute('data-millis')) ?? NaN);
  const lines = await page
    .getByTestId('ocr-line')
    .evaluateAll((inputs: unknown[]) => inputs.map((i) => (i as { value: string }).value));
  return { lines, millis };
}

const FONTS: Record<Lang, string> = {
  eng: 'sans-serif',
  chi_sim: '"WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif',
};

export async function run() {
  const skip = (note: string) => [
    { label: 'text recognition', value: 0, unit: '-', note: `skipped: ${note}` },
  ];
  const result = await withSignedInPage(async (page) => {
    const loadStart = performance.now();
    await page.goto('/ailab/textKnow');
    // The bar's text shows from the page's first render until the engine is ready.
    await page.getByText('Loading the text recogniser').waitFor({ timeout: 60_000 });
    await page.getByText('Loading the text recogniser').waitFor({ state: 'detached', timeout: 300_000 });
    const loadSeconds = (performance.now() - loadStart) / 1000;

    const figures: { label: string; value: number; unit: string; note?: string }[] = [
      {
        label: 'models + WASM loaded (page open → ready)',
        value: loadSeconds,
        unit: 's',
        note: '30.4 MB from the local server, WASM compiled, 3 sessions opened; fresh browser cache',
      },
    ];
    for (const lang of ['eng', 'chi_sim'] as const) {
      // A 1280 × 720 page of 8 lines.
      const rng = seededRandom(lang === 'eng' ? 1 : 2);
      const pageLines = Array.from({ length: 8 }, () => lineText(lang, rng));
      const png = await draw(page, {
        width: 1280,
        height: 720,
        lines: pageLines,
        font: FONTS[lang],
        size: 40,
        angleDeg: 0,
        blurPx: 0,
        noise: 0,
        seed: 1,
      });
      await read(page, png); // warm-up
      const times: number[] = [];
      let pageAccuracy = 0;
      for (let i = 0; i < PAGE_RUNS; i++) {
        const result = await read(page, png);
        times.push(result.millis / 1000);
        pageAccuracy = characterAccuracy(pageLines.join('\n'), result.lines.join('\n'));
      }
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      figures.push({
        label: `read a 1280×720 page, ${lang}`,
        value: mean,
        unit: 's',
        note: `mean of ${PAGE_RUNS}: ${times.map((t) => t.toFixed(2)).join(', ')}; 8 lines, ${(pageAccuracy * 100).toFixed(1)} % chars right`,
      });

      // 50 distorted lines.
      const lineRng = seededRandom(lang === 'eng' ? 11 : 12);
      let sum = 0;
      let exact = 0;
      let ms = 0;
      for (let i = 0; i < LINES_PER_LANGUAGE; i++) {
        const truth = lineText(lang, lineRng);
        const drawing: Drawing = {
          width: 900,
          height: 140,
          lines: [truth],
          font: FONTS[lang],
          size: 30 + Math.floor(lineRng() * 16),
          angleDeg: (lineRng() * 2 - 1) * 5,
          blurPx: lineRng() * 1.2,
          noise: 10 + lineRng() * 30,
          seed: 1000 + i,
        };
        const result = await read(page, await draw(page, drawing));
        const joiner = lang === 'eng' ? ' ' : '';
        const accuracy = characterAccuracy(truth, result.lines.join(joiner));
        sum += accuracy;
        if (accuracy === 1) exact += 1;
        ms += result.millis;
      }
      figures.push({
        label: `character accuracy, ${LINES_PER_LANGUAGE} noisy lines, ${lang}`,
        value: (sum / LINES_PER_LANGUAGE) * 100,
        unit: '%',
        note: `${exact}/${LINES_PER_LANGUAGE} lines exact; noise ±10–40, blur ≤ 1.2 px, rotation ≤ 5°; ${Math.round(ms / LINES_PER_LANGUAGE)} ms per line`,
      });
    }
    return figures;
  });
  return 'skipped' in result ? skip(result.skipped) : result;
}
