import { describe, expect, it } from 'vitest';
import { encodeWav } from '@ai-edu/ml/audio/wav.ts';
import { generateSound } from '@ai-edu/ml/audio/generate.ts';
import { AudioFileError, decodeAudioFile, sniffAudioType } from './decode-audio-file.ts';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])),
  );

describe('sniffAudioType', () => {
  it('recognises WAV, MP3 (ID3 tag or frame sync), OGG and WebM by their first bytes', () => {
    expect(sniffAudioType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe('wav');
    expect(sniffAudioType(bytes('ID3', 4, 0))).toBe('mp3');
    // MPEG-1 Layer III, 128 kbit/s.
    expect(sniffAudioType(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
    expect(sniffAudioType(bytes('OggS', 0, 2))).toBe('ogg');
    expect(sniffAudioType(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f))).toBe('webm');
  });

  it('refuses text, other RIFF files, AAC frames and what is too short to tell', () => {
    expect(sniffAudioType(new TextEncoder().encode('hello, this is text'))).toBeNull();
    expect(sniffAudioType(bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBeNull();
    // ADTS AAC: frame sync with layer 0.
    expect(sniffAudioType(bytes(0xff, 0xf1, 0x50, 0x80))).toBeNull();
    // A bad bitrate index (1111) is no MPEG frame.
    expect(sniffAudioType(bytes(0xff, 0xfb, 0xf0, 0x00))).toBeNull();
    expect(sniffAudioType(bytes('Ogg'))).toBeNull();
    expect(sniffAudioType(new Uint8Array(0))).toBeNull();
    // PNG: an image renamed .wav.
    expect(sniffAudioType(bytes(0x89, 'PNG', 0x0d, 0x0a))).toBeNull();
  });
});

describe('decodeAudioFile', () => {
  it('reads a WAV file itself, at its own rate and mixed to one channel', async () => {
    const tone = generateSound('tone', { sampleRate: 16_000, seconds: 0.25, seed: 4 });
    const file = new File([encodeWav(tone, 16_000) as Uint8Array<ArrayBuffer>], 'beep.wav', {
      type: 'audio/wav',
    });
    const clip = await decodeAudioFile(file);
    expect(clip.sampleRate).toBe(16_000);
    expect(clip.samples).toHaveLength(tone.length);
    expect(clip.source).toBe('file');
    expect(clip.name).toBe('beep.wav');
    expect(Math.abs(clip.samples[2000]! - tone[2000]!)).toBeLessThan(1e-4);
  });

  it('refuses a text file renamed .wav, an empty file and a file over the limit', async () => {
    const text = new File(['just some words'], 'song.wav', { type: 'audio/wav' });
    await expect(decodeAudioFile(text)).rejects.toMatchObject({ name: 'AudioFileError', problem: 'invalid' });
    await expect(decodeAudioFile(new File([], 'empty.mp3'))).rejects.toMatchObject({ problem: 'invalid' });
    const big = new File([encodeWav(new Float32Array(1000), 8000) as Uint8Array<ArrayBuffer>], 'big.wav');
    await expect(decodeAudioFile(big, 1000)).rejects.toMatchObject({ problem: 'tooLarge' });
  });

  it('reports an MP3 the browser cannot decode as invalid, not as a crash', async () => {
    // In Node there is no OfflineAudioContext: the decode fails, as it does in a browser for a broken file.
    const broken = new File([bytes('ID3', 4, 0, 0, 0, 0, 0, 1, 2, 3)], 'broken.mp3');
    const error = await decodeAudioFile(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioFileError);
    expect((error as AudioFileError).problem).toBe('invalid');
  });
});
