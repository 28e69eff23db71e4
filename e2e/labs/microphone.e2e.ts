/**
 * The shared microphone module (issue 13) in headless Chromium, on the speech lab's page, which drops in
 * `<AudioRecorder>` and shows the clip with `<SoundView>`. The fake microphone plays a second of loud tone
 * then a second of near silence, in a loop: the level meter goes up and down with it; holding the record
 * button for two seconds gives a clip whose waveform and spectrogram are drawn; a text file renamed .wav is
 * refused with the catalogue's audioInvalid text; leaving the page ends the microphone's tracks and closes
 * its AudioContext. A second browser without the fake permission prompt gets a denied microphone: the page
 * explains how to allow it and still offers an upload. The harness checks nothing leaves localhost.
 */
import { concatSounds, generateSound } from '@ai-edu/ml/audio/generate.ts';
import { encodeWav } from '@ai-edu/ml/audio/wav.ts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cameraTrackStates, recordCameraStreams } from '../support/camera.ts';
import { setupE2E } from '../support/harness.ts';
import { fakeMicrophone, writeWavFile } from '../support/microphone.ts';
import { DEMO_LEARNER, eventually, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';
import { letTimePass } from '../support/wait.ts';

const SLOW_MS = 90_000;
const TEST_MS = 240_000;
const RATE = 48_000;

/** One second of a loud 660 Hz tone (it fills the whole second), then one of quiet room noise. */
function toneThenQuiet(): Float32Array {
  const tone = Float32Array.from({ length: RATE }, (_, i) => 0.7 * Math.sin((2 * Math.PI * 660 * i) / RATE));
  return concatSounds([tone, generateSound('silence', { sampleRate: RATE, seconds: 1 })]);
}

async function openLab(page: Page) {
  await signIn(page, DEMO_LEARNER, { path: '/ailab/voiceIdentify', timeout: SLOW_MS });
  await visible(page.getByRole('heading', { name: 'Voice recognition', level: 1 }), SLOW_MS);
}

/** Records every AudioContext the page makes, so the test can see that leaving closes them. */
async function recordAudioContexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const contexts: AudioContext[] = [];
    (window as unknown as { __audioContexts: AudioContext[] }).__audioContexts = contexts;
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        contexts.push(this);
      }
    };
  });
}

const audioContextStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __audioContexts: AudioContext[] }).__audioContexts.map((c) => c.state),
  );

/** Pixels of the waveform canvas in the wave's colour (#1677ff). */
function wavePixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === 0x16 && data[i + 1] === 0x77 && data[i + 2] === 0xff) n += 1;
    }
    return n;
  });
}

/** Pixels of the spectrogram brighter than the dark end of the colour scale. */
function brightPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! > 400) n += 1;
    return n;
  });
}

describe('microphone module with a fake microphone', () => {
  const e2e = setupE2E({
    browser: async () => fakeMicrophone(await writeWavFile('tone.wav', toneThenQuiet())),
  });

  it(
    'the meter follows the sound, a 2-s hold gives a drawn clip, leaving ends the tracks and the context',
    async () => {
      const page = await e2e.newPage({ permissions: ['microphone'] });
      await recordCameraStreams(page);
      await recordAudioContexts(page);
      await openLab(page);
      const recorder = page.getByTestId('audio-recorder');
      await recorder.getByRole('button', { name: 'Turn the microphone on' }).click();
      await eventually(
        () => recorder.getAttribute('data-status'),
        (status) => expect(status).toBe('live'),
        SLOW_MS,
      );

      // The meter moves: loud during the tone, low during the quiet second.
      const meter = page.getByTestId('level-meter');
      const seen = new Set<number>();
      await eventually(
        async () => {
          seen.add(Number(await meter.getAttribute('data-level')));
          return [...seen];
        },
        (levels) => {
          expect(Math.max(...levels)).toBeGreaterThan(60);
          expect(Math.min(...levels)).toBeLessThan(20);
        },
        SLOW_MS,
      );

      // Hold to record for two seconds: the clip is shown with its waveform and spectrogram.
      const hold = page.getByTestId('hold-to-record');
      await hold.hover();
      await page.mouse.down();
      await visible(hold.filter({ hasText: 'Recording…' }));
      await letTimePass(2000);
      await page.mouse.up();
      await visible(page.getByTestId('audio-recorder-message').filter({ hasText: /Recorded \d+\.\d s/ }));
      const view = page.getByTestId('sound-view');
      await eventually(
        () => view.getAttribute('data-drawn'),
        (drawn) => expect(drawn).toBe('true'),
      );
      const waveform = page.getByTestId('sound-view-waveform');
      // At least a second of sound at the context's rate (usually 48 kHz) was captured.
      expect(Number(await waveform.getAttribute('data-samples'))).toBeGreaterThan(RATE);
      expect(await wavePixels(waveform)).toBeGreaterThan(500);
      expect(await brightPixels(page.getByTestId('sound-view-spectrogram'))).toBeGreaterThan(50);
      await visible(view.getByText(/low notes are at the bottom/));

      // The Space bar records too, while held on the focused button: a new clip replaces the first.
      const firstSamples = await waveform.getAttribute('data-samples');
      await hold.focus();
      await page.keyboard.down('Space');
      await visible(hold.filter({ hasText: 'Recording…' }));
      await letTimePass(1000);
      await page.keyboard.up('Space');
      await visible(hold.filter({ hasText: 'Hold to record' }));
      // Recordings come in 4096-sample blocks: a 1-s hold after a 2-s one gives another length.
      await eventually(
        () => waveform.getAttribute('data-samples'),
        (samples) => expect(samples).not.toBe(firstSamples),
      );

      // A text file renamed .wav is refused by its bytes, with the catalogue's text.
      await page
        .getByTestId('audio-upload-input')
        .first()
        .setInputFiles({
          name: 'song.wav',
          mimeType: 'audio/wav',
          buffer: Buffer.from('these are words, not sound'),
        });
      await visible(page.getByText('please choose a valid audio file (WAV, MP3, OGG or WebM)'));

      // Leaving the page (its back button) ends the microphone's tracks and closes its AudioContext.
      const before = await cameraTrackStates(page);
      expect(before.flat()).toContain('live');
      await page.getByRole('button', { name: 'back' }).click();
      await page.waitForURL(/\/ailab$/);
      await eventually(
        async () => ({
          tracks: (await cameraTrackStates(page)).flat(),
          contexts: await audioContextStates(page),
        }),
        ({ tracks, contexts }) => {
          expect(tracks.length).toBeGreaterThan(0);
          expect(tracks.every((s) => s === 'ended')).toBe(true);
          expect(contexts.length).toBeGreaterThan(0);
          expect(contexts.every((s) => s === 'closed')).toBe(true);
        },
      );
    },
    TEST_MS,
  );
});

describe('microphone module with the permission denied', () => {
  // The fake device but no fake permission prompt, and no permission granted: Chromium denies the request.
  const e2e = setupE2E({
    browser: async () => ({
      args: [
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${await writeWavFile('quiet.wav', new Float32Array(RATE))}`,
      ],
    }),
  });

  it(
    'explains how to allow the microphone and still offers an upload that works',
    async () => {
      const page = await e2e.newPage();
      await openLab(page);
      await page.getByRole('button', { name: 'Turn the microphone on' }).click();
      const problem = page.getByTestId('microphone-problem');
      await visible(problem, SLOW_MS);
      expect(await problem.getAttribute('data-problem')).toBe('denied');
      await visible(problem.getByText('The microphone is blocked'));
      await visible(problem.getByText('choose "Allow" for the microphone'));
      await visible(problem.getByRole('button', { name: 'Try again' }));
      await visible(problem.getByText('You can also work with an audio file instead:'));
      await visible(problem.getByRole('button', { name: 'Upload an audio file' }));

      // The upload in the panel is a real way forward: a WAV file becomes the clip.
      const tone = generateSound('tone', { sampleRate: 16_000, seconds: 1, seed: 7 });
      await problem.getByTestId('audio-upload-input').setInputFiles({
        name: 'tone.wav',
        mimeType: 'audio/wav',
        buffer: Buffer.from(encodeWav(tone, 16_000)),
      });
      const waveform = page.getByTestId('sound-view-waveform');
      await visible(waveform);
      expect(Number(await waveform.getAttribute('data-samples'))).toBe(16_000);
    },
    TEST_MS,
  );
});
