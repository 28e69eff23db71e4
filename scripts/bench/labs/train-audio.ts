/**
 * Sound-classifier lab (issue 13): 3 classes × 20 one-second samples (tones, chirps, noise bursts from our
 * generator) + 20 s of background noise, uploaded into the real page in headless Chromium on this machine;
 * the figure is the training time the page itself reports (features, augmentation and training, the model
 * the page picks: the fast one without a real GPU). The trained model is exported from the page and scored
 * in Node on held-out generated sounds (seeds the training never saw, at another sample rate).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFastModel, predictFast } from '../../../packages/ml/src/audio/classifier-fast.ts';
import { soundFeatures } from '../../../packages/ml/src/audio/features.ts';
import { concatSounds, generateSound, type SoundKind } from '../../../packages/ml/src/audio/generate.ts';
import { encodeWav } from '../../../packages/ml/src/audio/wav.ts';
import { argMax } from '../../../packages/ml/src/trainer/metrics.ts';
import { withSignedInPage } from '../browser-login.ts';

export const name = 'sound classifier (trainAudio)';

const RATE = 48_000;
const PER_CLASS = 20;
/** Page order: background first, then the three sounds. */
const CLASSES: [string, SoundKind][] = [
  ['background', 'background'],
  ['tone', 'tone'],
  ['chirp', 'chirp'],
  ['burst', 'noiseBurst'],
];

export async function run(): Promise<{ label: string; value: number; unit: string; note?: string }[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-train-audio-'));
  const files = await Promise.all(
    CLASSES.map(async ([label, kind], c) => {
      const file = path.join(dir, `${label}.wav`);
      const sounds = Array.from({ length: PER_CLASS }, (_, i) =>
        generateSound(kind, { sampleRate: RATE, seed: 1 + i * 11 + c }),
      );
      await writeFile(file, encodeWav(concatSounds(sounds), RATE));
      return file;
    }),
  );
  const result = await withSignedInPage(async (page) => {
    await page.goto('/ailab/trainAudio');
    await page.getByTestId('sound-class-2').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add a sound class' }).click();
    for (const [c, [label]] of CLASSES.entries()) {
      const card = page.getByTestId(`sound-class-${c}`);
      await card.getByRole('textbox').fill(label);
      const chooser = page.waitForEvent('filechooser');
      await card.getByRole('button', { name: 'Upload an audio file' }).click();
      await (await chooser).setFiles(files[c]!);
      await card
        .getByTestId('sample-count')
        .filter({ hasText: `${PER_CLASS} samples` })
        .waitFor({ timeout: 60_000 });
    }
    await page.getByRole('button', { name: 'Train the model' }).click();
    const done = page.getByTestId('train-done');
    await done.waitFor({ timeout: 300_000 });
    const seconds = Number(await done.getAttribute('data-seconds'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export model' }).click();
    const saved = path.join(dir, 'model.json');
    await (await download).saveAs(saved);
    return {
      seconds,
      model: JSON.parse(await readFile(saved, 'utf8')) as { modelKind: string; model: unknown },
    };
  });
  if ('skipped' in result)
    return [{ label: 'train 3 classes × 20 + background', value: NaN, unit: 's', note: result.skipped }];
  const model = parseFastModel(result.model.model);
  let right = 0;
  let total = 0;
  CLASSES.forEach(([, kind], label) => {
    for (let i = 0; i < 25; i++) {
      const clip = generateSound(kind, { sampleRate: 16_000, seed: 50_000 + i * 13 + label });
      if (argMax(predictFast(model, soundFeatures(clip, 16_000).db)) === label) right++;
      total++;
    }
  });
  return [
    {
      label: 'train 3 classes × 20 + background (headless Chromium)',
      value: result.seconds,
      unit: 's',
      note: `${result.model.modelKind} model; target ≤ 15 s`,
    },
    {
      label: 'held-out accuracy (generated sounds)',
      value: Math.round((1000 * right) / total) / 10,
      unit: '%',
      note: `${total} sounds`,
    },
  ];
}
