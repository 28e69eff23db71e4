/**
 * The speech recognition lab (issue 13) against the real server and local fakes of both cloud vendors: an
 * uploaded recording is recognised (the fake's transcript and its times show) for exactly 2 credits; a
 * provider failure shows a clear message and costs nothing; with Tencent Cloud the task is polled through
 * waiting and doing to success; a server without a speech provider tells a student to ask their teacher,
 * and the offline command-words mode is still there; a file that is not audio shows the audioInvalid text.
 * The harness checks nothing leaves localhost.
 */
import { encodeWav } from '@ai-edu/ml/audio/wav.ts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeSpeechEnv, startFakeOpenAi } from '../../apps/server/src/test/fake-openai.ts';
import { fakeTencentEnv, startFakeTencent } from '../../apps/server/src/test/fake-tencent.ts';
import { setupE2E } from '../support/harness.ts';
import { DEMO_LEARNER, expectBalance, navbarBalance, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const SLOW_MS = 90_000;

const openai = await startFakeOpenAi();
const tencent = await startFakeTencent();
afterAll(async () => {
  await openai.close();
  await tencent.close();
});

/** Two seconds of a voice-like tone at 48 kHz (the page resamples it to 16 kHz before sending). */
function speechFile(): Buffer {
  const rate = 48_000;
  const samples = new Float32Array(rate * 2);
  for (let i = 0; i < samples.length; i++)
    samples[i] =
      0.3 * Math.sin((2 * Math.PI * 220 * i) / rate) * (0.6 + 0.4 * Math.sin((2 * Math.PI * 3 * i) / rate));
  return Buffer.from(encodeWav(samples, rate));
}

async function openLab(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/voiceIdentify', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Voice recognition', level: 1 }), SLOW_MS);
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'audio/wav') {
  await page.getByTestId('audio-upload-input').first().setInputFiles({ name, mimeType, buffer });
}

const recogniseButton = (page: Page) => page.getByTestId('vi-recognise');
const transcriptions = () => openai.requests.filter((r) => r.path === '/v1/audio/transcriptions');

describe('voice recognition with an OpenAI-compatible speech server', () => {
  const e2e = setupE2E({ serverEnv: fakeSpeechEnv(openai) });

  it(
    'recognises an uploaded recording for exactly 2 credits; a provider failure is explained and free',
    async () => {
      openai.mode = 'ok';
      openai.requests.length = 0;
      const page = await e2e.newPage();
      await openLab(page);
      await expectBalance(page, 100);
      await upload(page, 'speech.wav', speechFile());
      await visible(page.getByTestId('vi-clip'), SLOW_MS);
      expect(transcriptions()).toHaveLength(0);

      await page.getByTestId('vi-cloud').getByText('English', { exact: true }).click();
      await recogniseButton(page).click();
      await visible(
        page.getByTestId('vi-transcript').getByText('Hello class. Machines can listen.'),
        SLOW_MS,
      );
      await visible(page.getByText('Machines', { exact: true }));
      await visible(page.getByText('1.40 – 3.00'));
      await expectBalance(page, 98);
      expect(transcriptions()).toHaveLength(1);
      expect(transcriptions()[0]!.body).toMatchObject({ language: 'en', response_format: 'verbose_json' });

      openai.mode = 'error';
      await recogniseButton(page).click();
      await visible(page.getByTestId('vi-cloud-error'), SLOW_MS);
      await visible(page.getByText('the AI service did not answer; no credits were charged'));
      await expectBalance(page, 98);
    },
    SLOW_MS * 3,
  );

  it(
    'shows the audioInvalid message for a file that is not audio, and sends nothing',
    async () => {
      openai.requests.length = 0;
      const page = await e2e.newPage();
      await openLab(page);
      // The same learner as the test before: whatever the balance is, a refused file leaves it as it was.
      await expectBalance(page, 98);
      const before = await navbarBalance(page);
      await upload(page, 'notes.wav', Buffer.from('these are not sound samples at all'), 'audio/wav');
      await visible(page.getByText('please choose a valid audio file (WAV, MP3, OGG or WebM)'), SLOW_MS);
      expect(await page.getByTestId('vi-clip').count()).toBe(0);
      expect(transcriptions()).toHaveLength(0);
      await expectBalance(page, before);
    },
    SLOW_MS * 2,
  );
});

describe('voice recognition with Tencent Cloud ASR', () => {
  const e2e = setupE2E({ serverEnv: fakeTencentEnv(tencent) });

  it(
    'polls the signed task to success and shows the Chinese transcript for 2 credits',
    async () => {
      tencent.mode = 'ok';
      tencent.requests.length = 0;
      const page = await e2e.newPage();
      await openLab(page);
      await upload(page, 'speech.wav', speechFile());
      await visible(page.getByTestId('vi-clip'), SLOW_MS);
      await recogniseButton(page).click();
      await visible(page.getByTestId('vi-transcript').getByText('你好，同学们。 机器会听。'), SLOW_MS);
      await expectBalance(page, 98);
      const actions = tencent.requests.map((r) => r.action);
      expect(actions[0]).toBe('CreateRecTask');
      expect(actions.filter((a) => a === 'DescribeTaskStatus')).toHaveLength(3);
      expect(tencent.requests.every((r) => r.signed)).toBe(true);
    },
    SLOW_MS * 2,
  );
});

describe('voice recognition without a speech provider', () => {
  const e2e = setupE2E();

  it(
    'tells a student to ask their teacher, and the offline command-words mode is still offered',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      await visible(page.getByText('Speech recognition is not set up on this school’s server yet'), SLOW_MS);
      await visible(page.getByText(/Ask your teacher/));
      expect(await page.getByText('AI_SPEECH_API_KEY').count()).toBe(0);
      expect(await recogniseButton(page).count()).toBe(0);
      await page.getByRole('tab', { name: 'Command words your class taught (offline)' }).click();
      await visible(page.getByRole('button', { name: /Open a project or model file/ }));
      await expectBalance(page, 100);
    },
    SLOW_MS * 2,
  );
});
