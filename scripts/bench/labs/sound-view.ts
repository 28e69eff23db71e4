/**
 * The sound labs' shared spectrogram (packages/ml/src/audio/spectrogram.ts), in Node: 60 s of 48 kHz audio
 * (the longest recording a lab takes) as the log spectrogram the trainer and the views compute (fftSize
 * 1024, hop 512: ~5,600 FFTs), and the 800 × 320 picture SoundView draws from a minute of sound.
 */
import { generateSound } from '../../../packages/ml/src/audio/generate.ts';
import { logSpectrogram } from '../../../packages/ml/src/audio/spectrogram.ts';
import { spectrogramPicture } from '../../../apps/web/src/components/audio/sound-view-core.ts';
import { rate } from '../rate.ts';

export const name = 'sound view (spectrogram)';

export async function run(settings: { durationSec: number }) {
  const seconds = Math.max(1, settings.durationSec / 2);
  const minute = generateSound('chirp', { sampleRate: 48_000, seconds: 60, seed: 1 });
  rate(0.3, 1, () => logSpectrogram(minute, 48_000, { fftSize: 1024, hop: 512 }));
  const spectrogramsPerSec = rate(seconds, 1, () =>
    logSpectrogram(minute, 48_000, { fftSize: 1024, hop: 512 }),
  );
  rate(0.3, 1, () => spectrogramPicture(minute, 48_000, 800, 320));
  const picturesPerSec = rate(seconds, 1, () => spectrogramPicture(minute, 48_000, 800, 320));
  return [
    {
      label: 'log spectrogram of 60 s at 48 kHz (1024/512)',
      value: 1000 / spectrogramsPerSec,
      unit: 'ms',
      note: `${Math.round((spectrogramsPerSec * 5624) / 1000).toLocaleString('en-US')}k FFTs/s`,
    },
    { label: 'SoundView picture of 60 s (800×320)', value: 1000 / picturesPerSec, unit: 'ms' },
  ];
}
