/**
 * The sound-classifier lab (issue 13, trainAudio) in headless Chromium whose fake microphone plays a steady
 * whistle (an 880 Hz tone the test makes): the "whistle" class is recorded from the microphone (held for
 * its 10 s, sliced into 1-s samples), the background noise is a generated 20-s noise WAV uploaded through
 * the file chooser, a third class is uploaded chirps; the page trains (the fast model: headless Chromium has
 * no real GPU, and the page says so), and live prediction from the microphone shows "whistle" on top. Then
 * "Use in a program" (issue 26) opens the block studio with the model's starter, whose "when I hear whistle"
 * hat runs on Run from the same microphone, and Stop releases the microphone. The fence fails any request
 * off this machine.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { concatSounds, generateSound } from '@ai-edu/ml/audio/generate.ts';
import { seededRandom, gaussian } from '@ai-edu/ml/random.ts';
import { cameraTrackStates, recordCameraStreams } from '../support/camera.ts';
import { setupE2E } from '../support/harness.ts';
import { fakeMicrophone, writeWavFile } from '../support/microphone.ts';
import { DEMO_LEARNER, eventually, pageHeading, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const RATE = 48_000;
const SLOW_MS = 90_000;
const TEST_MS = 300_000;

/** A whistle that never stops (the fake microphone loops the file): a sine with a little room noise. */
function steadyWhistle(seconds: number): Float32Array {
  const rng = seededRandom(7);
  const out = new Float32Array(RATE * seconds);
  for (let i = 0; i < out.length; i++)
    out[i] = 0.5 * Math.sin((2 * Math.PI * 880 * i) / RATE) + 0.005 * gaussian(rng);
  return out;
}

let files: { background: string; chirps: string } | undefined;
const e2e = setupE2E({
  browser: async () => {
    const whistle = await writeWavFile('whistle.wav', steadyWhistle(4), RATE);
    files = {
      background: await writeWavFile(
        'background.wav',
        generateSound('background', { sampleRate: RATE, seconds: 20, seed: 3 }),
        RATE,
      ),
      chirps: await writeWavFile(
        'chirps.wav',
        concatSounds(
          Array.from({ length: 10 }, (_, i) => generateSound('chirp', { sampleRate: RATE, seed: 100 + i })),
        ),
        RATE,
      ),
    };
    return fakeMicrophone(whistle);
  },
});

const card = (page: Page, index: number) => page.getByTestId(`sound-class-${index}`);

async function upload(page: Page, index: number, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await card(page, index).getByRole('button', { name: 'Upload an audio file' }).click();
  await (await chooser).setFiles(file);
}

const sampleCount = async (page: Page, index: number) =>
  Number(
    /(\d+) samples/.exec((await card(page, index).getByTestId('sample-count').textContent()) ?? '')?.[1],
  );

describe('trainAudio', () => {
  it(
    'records, uploads, trains and recognises the whistle live, and a block program hears it',
    async () => {
      const page = await e2e.newPage({ permissions: ['microphone'] });
      // Records every getUserMedia stream (the microphone's too), to see the studio's released.
      await recordCameraStreams(page);
      await signIn(page, DEMO_LEARNER, { path: '/', timeout: SLOW_MS });
      await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
      await page.goto('/ailab/trainAudio');
      await visible(card(page, 0), SLOW_MS);
      const train = page.getByRole('button', { name: 'Train the model' });
      expect(await train.isDisabled()).toBe(true);
      await visible(page.getByTestId('train-blocker'));

      await upload(page, 0, files!.background);
      await eventually(
        () => sampleCount(page, 0),
        (n) => expect(n).toBe(20),
        SLOW_MS,
      );
      await upload(page, 2, files!.chirps);
      await eventually(
        () => sampleCount(page, 2),
        (n) => expect(n).toBe(10),
        SLOW_MS,
      );
      await card(page, 2).getByRole('textbox').fill('chirp');

      // The whistle from the microphone: hold Space on the hold button until it stops by itself at 10 s.
      const whistleCard = card(page, 1);
      await whistleCard.getByRole('textbox').fill('whistle');
      await whistleCard.getByRole('button', { name: 'Record for this class' }).click();
      const hold = await visible(whistleCard.getByTestId('hold-to-record'), SLOW_MS);
      await hold.focus();
      await page.keyboard.down(' ');
      await visible(whistleCard.getByText(/Recorded 10\.0 s/), SLOW_MS);
      await page.keyboard.up(' ');
      await eventually(
        () => sampleCount(page, 1),
        (n) => expect(n).toBe(10),
      );
      expect(await whistleCard.locator('.train-audio-thumb canvas').count()).toBe(10);

      // Headless Chromium renders WebGL in software: the page says it trains the fast model.
      await visible(page.getByText(/uses the fast model/), SLOW_MS);
      expect(await train.isDisabled()).toBe(false);
      await train.click();
      await visible(page.getByTestId('train-done'), SLOW_MS);

      await page.getByRole('button', { name: 'Start listening' }).click();
      await eventually(
        () => page.getByTestId('live-top-class').textContent(),
        (text) => expect(text).toBe('Top class: whistle'),
        SLOW_MS,
      );
      const bars = page.locator('.trainer-bar');
      expect(await bars.count()).toBe(3);
      expect(await page.locator('.trainer-bar-best .trainer-bar-name').textContent()).toBe('whistle');

      // "Use in a program": the studio opens a project named after the taught words, one hat per word.
      await page.getByRole('button', { name: 'Use in a program' }).click();
      await page.waitForURL((url) => url.pathname === '/make' && !url.searchParams.has('model'));
      await visible(pageHeading(page, 'Make'));
      await eventually(
        () => page.getByLabel('Project name').inputValue(),
        (value) => expect(value).toBe('whistle / chirp'),
        SLOW_MS,
      );
      await visible(page.locator('.blocklyBlockCanvas .blocklyDraggable').first());
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const hearing = page.getByRole('region', { name: 'What the microphone hears' });
      await visible(hearing.getByText('whistle / chirp listens for: whistle, chirp'), SLOW_MS);
      // The microphone plays the whistle: "when I hear whistle" runs and the sprite says it.
      await eventually(
        () => page.locator('canvas.make-stage-canvas').getAttribute('data-sprite-says'),
        (says) => expect(says).toBe('whistle'),
        SLOW_MS,
      );
      await eventually(
        () => hearing.locator('[data-heard-word]').getAttribute('data-heard-word'),
        (word) => expect(word).toBe('whistle'),
      );
      // Stop releases the microphone the program opened (the lab's went when it was left).
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await eventually(
        () => cameraTrackStates(page),
        (streams) => expect(streams.flat().every((state) => state === 'ended')).toBe(true),
      );
      await expect(hearing.count()).resolves.toBe(0);
    },
    TEST_MS,
  );
});
