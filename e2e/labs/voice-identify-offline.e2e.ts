/**
 * The speech recognition lab's offline mode (issue 13), with no speech provider at all: a project saved by
 * the trainAudio lab (a whistle word and background noise) is opened, trained into a fast model in the
 * browser, and the whistle Chromium's fake microphone plays is recognised live. Nothing is sent anywhere
 * (the harness checks no request leaves localhost) and no credits are spent.
 */
import { generateSound } from '@ai-edu/ml/audio/generate.ts';
import { encodeWav } from '@ai-edu/ml/audio/wav.ts';
import { describe, expect, it } from 'vitest';
import { setupE2E } from '../support/harness.ts';
import { fakeMicrophone, writeWavFile } from '../support/microphone.ts';
import { DEMO_LEARNER, expectBalance, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const SLOW_MS = 90_000;
const RATE = 16_000;

const base64Wav = (samples: Float32Array) => Buffer.from(encodeWav(samples, RATE)).toString('base64');

/** The project file the trainAudio lab saves: 10 one-second whistles and 10 seconds of background. */
function projectFile(): Buffer {
  const whistles = Array.from({ length: 10 }, (_, i) =>
    generateSound('tone', { sampleRate: RATE, frequency: 880, seed: 10 + i }),
  );
  const background = Array.from({ length: 10 }, (_, i) =>
    generateSound('background', { sampleRate: RATE, seed: 50 + i }),
  );
  return Buffer.from(
    JSON.stringify({
      kind: 'ai-edu-sound-project',
      version: 1,
      classes: [
        { name: 'whistle', background: false, samples: whistles.map(base64Wav) },
        { name: 'background', background: true, samples: background.map(base64Wav) },
      ],
    }),
  );
}

/** A steady 880 Hz whistle for the fake microphone (it loops the file). */
function steadyWhistle(seconds: number): Float32Array {
  const out = new Float32Array(RATE * seconds);
  for (let i = 0; i < out.length; i++) out[i] = 0.5 * Math.sin((2 * Math.PI * 880 * i) / RATE);
  return out;
}

describe('voice recognition offline: command words the class taught', () => {
  const e2e = setupE2E({
    browser: async () => fakeMicrophone(await writeWavFile('whistle.wav', steadyWhistle(4), RATE)),
  });

  it(
    'opens a trainAudio project and recognises its word live from the microphone, free',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, DEMO_LEARNER, { path: '/ailab/voiceIdentify', timeout: SLOW_MS });
      await visible(page.getByRole('heading', { name: 'Voice recognition', level: 1 }), SLOW_MS);
      await page.getByRole('tab', { name: 'Command words your class taught (offline)' }).click();
      await page
        .getByTestId('vi-offline')
        .locator('input[type=file]')
        .setInputFiles({ name: 'class-words.json', mimeType: 'application/json', buffer: projectFile() });
      await visible(
        page.getByTestId('vi-model-loaded').getByText(/2 sounds \(whistle, background\)/),
        SLOW_MS,
      );
      await page.getByRole('button', { name: /Start listening/ }).click();
      await visible(page.getByTestId('vi-heard').getByText('Heard: whistle'), SLOW_MS);
      expect(await page.getByTestId('vi-heard').textContent()).toContain('whistle');
      await expectBalance(page, 100);
    },
    SLOW_MS * 2,
  );
});
