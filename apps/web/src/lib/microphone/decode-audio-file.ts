/**
 * An uploaded audio file → an AudioClip. The type is read from the file's first bytes (a renamed text file
 * is refused however it is called); WAV is read by our own decoder (exact samples, original rate), the
 * compressed formats by the browser's `decodeAudioData`; everything is mixed to one channel.
 */
import { AUDIO_UPLOAD_MAX_BYTES } from '@ai-edu/contract';
import { decodeWav } from '@ai-edu/ml/audio/wav.ts';
import { mixToMono, type AudioClip } from './audio-clip.ts';

export type AudioFileKind = 'wav' | 'mp3' | 'ogg' | 'webm';

/** Why a file was refused: `invalid` shows the catalogue's `audioInvalid`, `tooLarge` the 20 MB limit. */
export type AudioFileProblem = 'invalid' | 'tooLarge';

export class AudioFileError extends Error {
  constructor(
    readonly problem: AudioFileProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'AudioFileError';
  }
}

/** The bytes `sniffAudioType` needs. */
export const SNIFF_BYTES = 12;

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** An MPEG audio frame header: 11 sync bits, a real version and a real layer (ADTS AAC has layer 0). */
function isMpegFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 3 || bytes[0] !== 0xff || (bytes[1]! & 0xe0) !== 0xe0) return false;
  const version = (bytes[1]! >> 3) & 0b11;
  const layer = (bytes[1]! >> 1) & 0b11;
  const bitrate = bytes[2]! >> 4;
  return version !== 0b01 && layer !== 0 && bitrate !== 0b1111;
}

/** The audio format of a file's first bytes, or null when it is none of WAV, MP3, OGG, WebM. */
export function sniffAudioType(head: Uint8Array): AudioFileKind | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'ID3') || isMpegFrame(head)) return 'mp3';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  return null;
}

/** Decodes compressed audio with the browser; an OfflineAudioContext needs no speaker and no user gesture. */
export async function decodeWithBrowser(bytes: ArrayBuffer, sampleRate: number): Promise<Float32Array> {
  const context = new OfflineAudioContext(1, 1, sampleRate);
  const buffer = await context.decodeAudioData(bytes);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
  return mixToMono(channels);
}

/** The rate compressed files are decoded at (the browser resamples them; WAV keeps its own rate). */
export const DECODE_SAMPLE_RATE = 48_000;

export async function decodeAudioFile(file: File, maxBytes = AUDIO_UPLOAD_MAX_BYTES): Promise<AudioClip> {
  if (file.size > maxBytes) throw new AudioFileError('tooLarge', `${file.size} bytes is over ${maxBytes}`);
  if (file.size === 0) throw new AudioFileError('invalid', 'the file is empty');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffAudioType(bytes.subarray(0, SNIFF_BYTES));
  if (!kind) throw new AudioFileError('invalid', 'not WAV, MP3, OGG or WebM');
  let samples: Float32Array;
  let sampleRate: number;
  try {
    if (kind === 'wav') {
      try {
        ({ samples, sampleRate } = decodeWav(bytes));
      } catch {
        // A WAV codec our reader does not know (e.g. A-law): the browser may still play it.
        samples = await decodeWithBrowser(bytes.buffer, DECODE_SAMPLE_RATE);
        sampleRate = DECODE_SAMPLE_RATE;
      }
    } else {
      samples = await decodeWithBrowser(bytes.buffer, DECODE_SAMPLE_RATE);
      sampleRate = DECODE_SAMPLE_RATE;
    }
  } catch (error) {
    throw new AudioFileError('invalid', `could not decode the ${kind} file: ${String(error)}`);
  }
  if (samples.length === 0) throw new AudioFileError('invalid', 'the file holds no sound');
  return { samples, sampleRate, source: 'file', name: file.name };
}
