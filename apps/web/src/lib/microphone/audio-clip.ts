/** A piece of sound a lab works on: recorded from the microphone or decoded from an uploaded file. */
export interface AudioClip {
  /** One channel, each sample in [-1, 1]. */
  samples: Float32Array;
  sampleRate: number;
  source: 'microphone' | 'file';
  /** The uploaded file's name. */
  name?: string;
}

export function clipSeconds(clip: Pick<AudioClip, 'samples' | 'sampleRate'>): number {
  return clip.sampleRate > 0 ? clip.samples.length / clip.sampleRate : 0;
}

/** The mean of the channels: the labs work on one channel (a stereo file's two sides mixed). */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return channels[0]!.slice();
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i] = out[i]! + channel[i]!;
  for (let i = 0; i < length; i++) out[i] = out[i]! / channels.length;
  return out;
}

/** Chunks of PCM collected while recording, joined once at the end; stops taking samples at `maxSamples`. */
export class PcmCollector {
  private readonly chunks: Float32Array[] = [];
  private total = 0;

  constructor(private readonly maxSamples: number) {}

  get length(): number {
    return this.total;
  }

  get full(): boolean {
    return this.total >= this.maxSamples;
  }

  /** Copies `chunk` (the audio thread reuses its buffers), cut to what still fits. */
  push(chunk: Float32Array): void {
    const room = this.maxSamples - this.total;
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part.slice());
    this.total += part.length;
  }

  join(): Float32Array {
    const out = new Float32Array(this.total);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}
