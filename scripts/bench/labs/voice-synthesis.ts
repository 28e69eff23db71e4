/**
 * Speech synthesis lab, the server's built-in engine (apps/server/src/modules/tts): how long eSpeak NG takes
 * to speak a 100-character Chinese text — the first call (the child process starts and compiles the 18 MB
 * WebAssembly module) and warm calls (the runner reused) — and the same for a 100-character English text.
 */
import { EspeakEngine } from '../../../apps/server/src/modules/tts/espeak-engine.ts';

export const name = 'speech synthesis (eSpeak NG)';

/** 100 characters of Chinese, punctuation included. */
const CHINESE =
  '人工智能是一门让计算机像人一样思考和学习的科学。同学们，今天我们一起来听一听机器是怎样说话的吧！它先把文字变成音素，再把音素变成声音，最后从扬声器里播放出来。你也可以输入喜欢的话，听听电脑会怎么读吧。';
const ENGLISH =
  'Computers can speak: first they turn the letters into phonemes, then the phonemes into a sound wave.';

export async function run(settings: { durationSec: number }) {
  if ([...CHINESE].length !== 100 || ENGLISH.length !== 100)
    throw new Error('the texts must be 100 characters');
  const engine = new EspeakEngine();
  const figures = [];
  try {
    const timed = async (text: string, voice: 'cmn' | 'en-us') => {
      const start = performance.now();
      const sound = await engine.synthesise({ text, voice, wpm: 175, pitch: 50 });
      return { ms: performance.now() - start, seconds: (sound.wav.length - 44) / 2 / 22050 };
    };
    const first = await timed(CHINESE, 'cmn');
    figures.push({
      label: '100 Chinese characters, first call',
      value: first.ms,
      unit: 'ms',
      note: `starts the runner and compiles the engine; ${first.seconds.toFixed(1)} s of speech`,
    });
    for (const [label, text, voice] of [
      ['100 Chinese characters, warm', CHINESE, 'cmn'],
      ['100 English characters, warm', ENGLISH, 'en-us'],
    ] as const) {
      const runs: number[] = [];
      let seconds = 0;
      const until = performance.now() + Math.max(2, settings.durationSec / 2) * 1000;
      while (runs.length < 3 || (performance.now() < until && runs.length < 20)) {
        const result = await timed(text, voice);
        runs.push(result.ms);
        seconds = result.seconds;
      }
      runs.sort((a, b) => a - b);
      figures.push({
        label,
        value: runs[Math.floor(runs.length / 2)]!,
        unit: 'ms',
        note: `median of ${runs.length}; ${seconds.toFixed(1)} s of speech`,
      });
    }
  } finally {
    await engine.close();
  }
  return figures;
}
