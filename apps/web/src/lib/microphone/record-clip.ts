/**
 * Captures PCM from a live microphone node. A ScriptProcessorNode (deprecated but everywhere, and needing no
 * worklet file) hands over blocks of samples on the main thread; at 4096 samples per block that is ~12
 * callbacks a second at 48 kHz, cheap enough. Its output stays silent, so nothing is played back.
 */
import { PcmCollector, type AudioClip } from './audio-clip.ts';

export interface Recording {
  /** Ends the recording and returns what was captured (at most `maxSeconds`). */
  stop: () => AudioClip;
  /** Ends it and throws the samples away. */
  cancel: () => void;
  /** Seconds captured so far. */
  seconds: () => number;
}

const BLOCK = 4096;

/**
 * Starts recording what reaches `input` (the microphone's source or analyser node). `onFull` is called
 * once when `maxSeconds` have been captured; the caller then calls `stop()`.
 */
export function startRecording(
  audioContext: AudioContext,
  input: AudioNode,
  options: { maxSeconds: number; onFull?: () => void },
): Recording {
  const sampleRate = audioContext.sampleRate;
  const collector = new PcmCollector(Math.round(options.maxSeconds * sampleRate));
  const processor = audioContext.createScriptProcessor(BLOCK, 1, 1);
  let done = false;
  let announced = false;
  processor.onaudioprocess = (event) => {
    if (done) return;
    collector.push(event.inputBuffer.getChannelData(0));
    if (collector.full && !announced) {
      announced = true;
      options.onFull?.();
    }
  };
  input.connect(processor);
  // Chrome only runs a ScriptProcessor that is connected onward; its output buffer is left silent.
  processor.connect(audioContext.destination);
  const end = () => {
    if (done) return;
    done = true;
    processor.onaudioprocess = null;
    try {
      input.disconnect(processor);
    } catch {
      // Already disconnected (the context was closed).
    }
    processor.disconnect();
  };
  return {
    stop: () => {
      end();
      return { samples: collector.join(), sampleRate, source: 'microphone' };
    },
    cancel: end,
    seconds: () => collector.length / sampleRate,
  };
}

/** Records exactly `seconds` (or less if `signal` aborts first) and resolves with the clip. */
export function recordClip(
  audioContext: AudioContext,
  input: AudioNode,
  seconds: number,
  signal?: AbortSignal,
): Promise<AudioClip> {
  return new Promise((resolve) => {
    const recording = startRecording(audioContext, input, {
      maxSeconds: seconds,
      onFull: () => resolve(recording.stop()),
    });
    signal?.addEventListener('abort', () => resolve(recording.stop()), { once: true });
  });
}
