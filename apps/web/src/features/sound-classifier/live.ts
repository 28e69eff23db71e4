/**
 * Live recognition: a sliding 1-s window over the microphone. Every `(1 - overlap)` seconds the last second
 * is handed to the model; with overlap 0.5 a sound is seen twice, in two positions of the window, so a short
 * sound that a window cuts in half is still caught whole by the next one.
 */
import type { SoundModel, SoundPrediction } from './model.ts';

export interface LiveRecognitionOptions {
  /** The microphone's analyser (it passes the sound on) — or the stream itself. */
  analyser?: AnalyserNode;
  stream?: MediaStream;
  model: SoundModel;
  /** Share of a window the next one repeats, 0 … 0.9 (default 0.5). */
  overlap?: number;
  onPrediction: (prediction: SoundPrediction, window: { samples: Float32Array; sampleRate: number }) => void;
}

const BLOCK = 2048;
export const MAX_OVERLAP = 0.9;

/** Starts recognising; returns the function that stops it (and releases what it opened). */
export function startLiveRecognition(options: LiveRecognitionOptions): () => void {
  const { analyser, stream, model, onPrediction } = options;
  const overlap = Math.min(MAX_OVERLAP, Math.max(0, options.overlap ?? 0.5));
  let context: BaseAudioContext;
  let input: AudioNode;
  let ownContext: AudioContext | null = null;
  if (analyser) {
    context = analyser.context;
    input = analyser;
  } else if (stream) {
    ownContext = new AudioContext();
    context = ownContext;
    input = ownContext.createMediaStreamSource(stream);
  } else {
    throw new Error('startLiveRecognition needs an analyser or a stream');
  }
  const sampleRate = context.sampleRate;
  const ring = new Float32Array(Math.round(sampleRate));
  const hop = Math.max(BLOCK, Math.round(sampleRate * (1 - overlap)));
  let filled = 0;
  let sinceLast = 0;
  let stopped = false;
  // ScriptProcessor: no worklet file to serve, and the mic module records the same way.
  const processor = context.createScriptProcessor(BLOCK, 1, 1);
  processor.onaudioprocess = (event) => {
    if (stopped) return;
    const block = event.inputBuffer.getChannelData(0);
    // Slide the window left and append the block at its end.
    ring.copyWithin(0, block.length);
    ring.set(block, ring.length - block.length);
    filled = Math.min(ring.length, filled + block.length);
    sinceLast += block.length;
    if (filled < ring.length || sinceLast < hop) return;
    sinceLast = 0;
    const samples = ring.slice();
    onPrediction(model.predict(samples, sampleRate), { samples, sampleRate });
  };
  input.connect(processor);
  processor.connect(context.destination);
  return () => {
    if (stopped) return;
    stopped = true;
    processor.onaudioprocess = null;
    try {
      input.disconnect(processor);
    } catch {
      // The context was closed already.
    }
    processor.disconnect();
    if (ownContext) {
      input.disconnect();
      void ownContext.close().catch(() => undefined);
    }
  };
}
