/**
 * A synthesised sound as the page keeps it: the samples (for the waveform and spectrogram) and WAV bytes
 * (to play and to download). The built-in engine answers WAV, read by our own decoder; a cloud voice may
 * answer MP3 or another format, decoded by the browser and written out again as WAV for the download.
 */
import { decodeWav, encodeWav } from '@ai-edu/ml/audio/wav.ts';
import {
  DECODE_SAMPLE_RATE,
  decodeWithBrowser,
  SNIFF_BYTES,
  sniffAudioType,
} from '../../lib/microphone/decode-audio-file.ts';

export interface SynthesisedSound {
  samples: Float32Array;
  sampleRate: number;
  wav: Uint8Array;
}

export async function soundFromBytes(bytes: Uint8Array): Promise<SynthesisedSound> {
  if (sniffAudioType(bytes.subarray(0, SNIFF_BYTES)) === 'wav') {
    const { samples, sampleRate } = decodeWav(bytes);
    return { samples, sampleRate, wav: bytes };
  }
  // decodeAudioData takes the buffer over: decode a copy.
  const samples = await decodeWithBrowser(bytes.slice().buffer, DECODE_SAMPLE_RATE);
  return { samples, sampleRate: DECODE_SAMPLE_RATE, wav: encodeWav(samples, DECODE_SAMPLE_RATE) };
}

/** Saves the WAV under `name` (a link the browser follows; nothing leaves the computer). */
export function downloadWav(wav: Uint8Array, name: string): void {
  const url = URL.createObjectURL(new Blob([wav.slice()], { type: 'audio/wav' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
