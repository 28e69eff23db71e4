import { describe, expect, it } from 'vitest';
import { recordClip, startRecording } from './record-clip.ts';

/** Just enough of an AudioContext: a ScriptProcessor the test feeds blocks into by hand. */
function fakeContext(sampleRate = 8) {
  const links: string[] = [];
  const processor = {
    onaudioprocess: null as ((event: { inputBuffer: { getChannelData: () => Float32Array } }) => void) | null,
    connect: (to: unknown) => links.push(to === destination ? 'processor→speaker' : 'processor→?'),
    disconnect: () => links.push('processor×'),
  };
  const destination = {};
  const context = {
    sampleRate,
    destination,
    createScriptProcessor: () => processor,
  } as unknown as AudioContext;
  const input = {
    connect: () => links.push('input→processor'),
    disconnect: () => links.push('input×processor'),
  } as unknown as AudioNode;
  const feed = (values: number[]) =>
    processor.onaudioprocess?.({ inputBuffer: { getChannelData: () => Float32Array.from(values) } });
  return { context, input, feed, links, processor };
}

describe('startRecording', () => {
  it('collects blocks up to maxSeconds, says so once, and unhooks itself on stop', () => {
    const { context, input, feed, links, processor } = fakeContext(8);
    let full = 0;
    const recording = startRecording(context, input, { maxSeconds: 1, onFull: () => (full += 1) });
    expect(links).toEqual(['input→processor', 'processor→speaker']);
    feed([1, 2, 3, 4, 5]);
    expect(recording.seconds()).toBe(5 / 8);
    expect(full).toBe(0);
    feed([6, 7, 8, 9, 10]);
    feed([11]);
    expect(full).toBe(1);
    const clip = recording.stop();
    expect(Array.from(clip.samples)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(clip).toMatchObject({ sampleRate: 8, source: 'microphone' });
    expect(processor.onaudioprocess).toBeNull();
    expect(links.slice(2)).toEqual(['input×processor', 'processor×']);
    // A second stop changes nothing.
    expect(recording.stop().samples).toHaveLength(8);
    expect(links).toHaveLength(4);
  });
});

describe('recordClip', () => {
  it('resolves with exactly the asked seconds, or with what it has when aborted', async () => {
    const first = fakeContext(4);
    const clip = recordClip(first.context, first.input, 1);
    first.feed([0.1, 0.2, 0.3]);
    first.feed([0.4, 0.5, 0.6]);
    expect((await clip).samples).toHaveLength(4);

    const second = fakeContext(4);
    const abort = new AbortController();
    const partial = recordClip(second.context, second.input, 10, abort.signal);
    second.feed([0.5, 0.5]);
    abort.abort();
    expect(Array.from((await partial).samples)).toEqual([0.5, 0.5]);
  });
});
