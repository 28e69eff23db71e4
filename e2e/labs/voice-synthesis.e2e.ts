/**
 * The speech synthesis lab (issue 13) against the real server and its real eSpeak NG engine: Chinese text
 * with the built-in Mandarin voice gives a sound (waveform and spectrogram), eSpeak's phonemes, and a WAV
 * download that decodes to audible speech; an over-long text is refused with a clear message; a server
 * without a cloud voice says so and the page still works. With a (fake) cloud voice set up, speaking costs
 * 1 credit and the same text again replays without a charge. The harness checks nothing leaves localhost.
 */
import { decodeWav } from '@ai-edu/ml/audio/wav.ts';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeSpeechEnv, startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
import { setupE2E } from '../support/harness.ts';
import { DEMO_LEARNER, expectBalance, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

/** The engine starts on the first request (it compiles 18 MB of WebAssembly) on a busy 2-core machine. */
const SLOW_MS = 90_000;

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const speechRequests = () => fake.requests.filter((r) => r.path === '/v1/audio/speech');

async function openLab(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/voiceSynthesis', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Speech synthesis', level: 1 }), SLOW_MS);
}

async function chooseVoice(page: Page, name: string) {
  await page.locator('.ant-select:has(#vs-voice)').click();
  const item = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`);
  await (await visible(item)).click();
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

const speakButton = (page: Page) => page.getByTestId('speak');

describe('speech synthesis with the built-in engine, no cloud voice', () => {
  const e2e = setupE2E();

  it(
    'speaks Chinese with the Mandarin voice: phonemes, the sound pictured, and a WAV download with speech in it',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      // No cloud voice on this server: said plainly, and the built-in voices still work.
      await visible(page.getByText('Cloud voices are not set up on this school’s server'));
      await visible(page.getByText(/Ask your teacher/));

      await page.getByTestId('speech-text').fill('今天天气很好，我们去公园散步吧。');
      await chooseVoice(page, 'Mandarin Chinese');
      await visible(page.getByTestId('voice-engine').getByText(/eSpeak NG/));
      await speakButton(page).click();

      // eSpeak's Mandarin phonemes carry tone numbers: 今天 is tS;'i55n th'iE55n.
      const phonemes = await visible(page.getByTestId('phonemes'), SLOW_MS);
      expect(await phonemes.textContent()).toMatch(/tS;'i55n_\| th'iE55n_\|/);
      await visible(page.getByText(/the numbers are its tone/));
      // The waveform and spectrogram of the result are drawn.
      await visible(page.getByTestId('synthesis-sound').locator('canvas[data-drawn="true"]').first());

      const downloading = page.waitForEvent('download');
      await page.getByTestId('download').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^espeak-cmn-.*\.wav$/);
      const audio = decodeWav(await bytesOf(download));
      expect(audio.sampleRate).toBe(22050);
      expect(audio.samples.length / audio.sampleRate).toBeGreaterThan(1);
      expect(rms(audio.samples)).toBeGreaterThan(0.02);
    },
    SLOW_MS * 3,
  );

  it('refuses a text over 500 characters with a clear message', async () => {
    const page = await e2e.newPage();
    await openLab(page);
    await page.getByTestId('speech-text').fill('好'.repeat(520));
    await visible(
      page
        .getByTestId('text-too-long')
        .getByText('Too long: at most 500 characters. Remove 20 characters, then try again.'),
    );
    await visible(page.getByTestId('speech-counter').getByText('520 / 500 characters'));
    expect(await speakButton(page).isDisabled()).toBe(true);
  });
});

describe('speech synthesis with a cloud voice set up', () => {
  const e2e = setupE2E({ serverEnv: fakeSpeechEnv(fake) });

  it(
    'offers the cloud voice, charges 1 credit for a sound and replays the same text free',
    async () => {
      fake.requests.length = 0;
      const page = await e2e.newPage();
      await openLab(page);
      await expectBalance(page, 100);
      await page.getByTestId('speech-text').fill('Hello from the cloud.');
      await chooseVoice(page, 'Cloud voice');
      await visible(page.getByTestId('voice-engine').getByText(/neural network/));

      await page.getByRole('button', { name: /Speak with the cloud voice/ }).click();
      await visible(page.getByText('The cloud voice is ready. 1 credit spent.', { exact: false }), SLOW_MS);
      await expectBalance(page, 99);
      await visible(page.getByTestId('synthesis-sound').locator('canvas[data-drawn="true"]').first());
      expect(speechRequests()).toHaveLength(1);
      expect(speechRequests()[0]!.body).toMatchObject({ input: 'Hello from the cloud.' });

      await page.getByRole('button', { name: /Speak with the cloud voice/ }).click();
      await visible(page.getByText('Same text as before: played again, not charged.'));
      await expectBalance(page, 99);
      expect(speechRequests()).toHaveLength(1);
    },
    SLOW_MS * 3,
  );
});
