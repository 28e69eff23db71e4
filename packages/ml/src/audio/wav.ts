/**
 * WAV files (RIFF, PCM), read and written without the browser: the labs export recordings with it, the
 * server checks uploaded recordings and reads the speech engine's output with it, and tests and benchmarks
 * write the sounds they feed Chromium's fake microphone.
 */

export interface PcmAudio {
  /** One channel (the mean of all channels when the file has several), each sample in [-1, 1]. */
  samples: Float32Array;
  sampleRate: number;
  /** How many channels the file had. */
  channels: number;
}

export class WavError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavError';
  }
}

/** 16-bit PCM mono WAV of `samples` (clipped to [-1, 1]). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return bytes;
}

/**
 * Reads a PCM WAV (8, 16, 24 or 32-bit integer, or 32-bit float; any channel count), mixing channels down
 * to one. Throws WavError for anything else, or a file cut short.
 */
export function decodeWav(input: Uint8Array): PcmAudio {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const tag = (offset: number) =>
    offset + 4 <= input.length ? String.fromCharCode(...input.subarray(offset, offset + 4)) : '';
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new WavError('not a WAV file');
  let format: { code: number; channels: number; sampleRate: number; bits: number } | undefined;
  let offset = 12;
  while (offset + 8 <= input.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > input.length) throw new WavError('WAV format chunk is cut short');
      let code = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the sub-format GUID's first two bytes.
      if (code === 0xfffe && size >= 26) code = view.getUint16(body + 24, true);
      format = {
        code,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new WavError('WAV data comes before its format');
      // Streaming writers (eSpeak writing to a pipe) leave the data size at 0 or 0xffffffff: read to the end.
      const end = size === 0 || size === 0xffffffff ? input.length : Math.min(input.length, body + size);
      return { ...readSamples(view, body, end, format), channels: format.channels };
    }
    offset = body + size + (size % 2);
  }
  throw new WavError('WAV file has no audio data');
}

function readSamples(
  view: DataView,
  start: number,
  end: number,
  format: { code: number; channels: number; sampleRate: number; bits: number },
): { samples: Float32Array; sampleRate: number } {
  const { code, channels, sampleRate, bits } = format;
  const bytesPerSample = bits / 8;
  const isFloat = code === 3 && bits === 32;
  if (!(code === 1 && [8, 16, 24, 32].includes(bits)) && !isFloat) {
    throw new WavError(`unsupported WAV encoding (format ${code}, ${bits}-bit)`);
  }
  if (channels < 1 || sampleRate < 1) throw new WavError('WAV format has no channels or no sample rate');
  const frame = bytesPerSample * channels;
  const count = Math.floor((end - start) / frame);
  const samples = new Float32Array(count);
  const read = (at: number): number => {
    if (isFloat) return view.getFloat32(at, true);
    if (bits === 8) return (view.getUint8(at) - 128) / 128;
    if (bits === 16) return view.getInt16(at, true) / 32768;
    if (bits === 24) {
      const v = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
      return v / 8388608;
    }
    return view.getInt32(at, true) / 2147483648;
  };
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += read(start + i * frame + c * bytesPerSample);
    samples[i] = sum / channels;
  }
  return { samples, sampleRate };
}

/** Linear-interpolation resampling (speech to 16 kHz for recognisers; enough for speech, not for music). */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples.slice();
  const length = Math.max(1, Math.round((samples.length * to) / from));
  const out = new Float32Array(length);
  const step = from / to;
  for (let i = 0; i < length; i++) {
    const x = i * step;
    const i0 = Math.floor(x);
    const i1 = Math.min(samples.length - 1, i0 + 1);
    const t = x - i0;
    out[i] = (samples[i0] ?? 0) * (1 - t) + (samples[i1] ?? 0) * t;
  }
  return out;
}
