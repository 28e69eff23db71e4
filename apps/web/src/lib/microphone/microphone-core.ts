/**
 * The microphone module's pure parts (unit-tested in Node): what a getUserMedia failure means for the user,
 * the constraints asked for, and the level meter's scale.
 */
import { INSECURE_CONTEXT_ERROR } from '../secure-origin.ts';

/** Why the microphone is not live: each has its own explanation and way forward. */
export type MicrophoneProblem = 'denied' | 'missing' | 'busy' | 'insecure' | 'unknown';
export const MICROPHONE_PROBLEMS: readonly MicrophoneProblem[] = [
  'denied',
  'missing',
  'busy',
  'insecure',
  'unknown',
];

/** Maps a getUserMedia error (a DOMException by name) to the problem the page explains. */
export function classifyMicrophoneError(error: unknown): MicrophoneProblem {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case INSECURE_CONTEXT_ERROR:
      return 'insecure';
    default:
      return 'unknown';
  }
}

/** An error named so `classifyMicrophoneError` reads 'insecure': no mediaDevices (not https, not localhost). */
export { insecureContextError } from '../secure-origin.ts';

/**
 * The raw sound: no echo cancellation, noise suppression or automatic gain, which would reshape the
 * spectrogram (and make a quiet sample look as loud as a shout).
 */
export function microphoneConstraints(deviceId?: string): MediaStreamConstraints {
  return {
    audio: {
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
      channelCount: { ideal: 1 },
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    },
    video: false,
  };
}

/** The quietest level the meter shows (dBFS); below it the meter is empty. */
export const LEVEL_FLOOR_DB = -60;

/** The meter's 0..1 from a block of samples: RMS in dB, -60 dB → 0, 0 dB (full scale) → 1. */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - LEVEL_FLOOR_DB) / -LEVEL_FLOOR_DB));
}

/** Audio inputs only, in the browser's order (the default device first). */
export function audioInputs<T extends Pick<MediaDeviceInfo, 'kind'>>(devices: readonly T[]): T[] {
  return devices.filter((d) => d.kind === 'audioinput');
}
