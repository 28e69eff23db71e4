/**
 * How the studio gets its built-in AI blocks' model code (docs/make-studio.md "Built-in AI blocks"): the
 * labs' own detectors (faceAnalyze's face detector, the pose and hand trainers' models, all through
 * lib/vision/human.ts), the voiceSynthesis lab's built-in voice, the drawing labs' networks and the sound
 * trainer's model reader (the voiceIdentify lab's offline command words), handed in by the app's route beside the
 * trainers' extractors (features do not import labs, convention 15; the same model code, convention 16).
 */
import { createContext } from 'react';
import type { BuiltinDetectorName, Sighting } from './builtin-sight.ts';

/** One of the labs' detectors as a run uses it: a camera frame → what it finds (camera-normalised points). */
export interface BuiltinDetector {
  load(): Promise<void>;
  detect(source: HTMLVideoElement): Promise<Sighting>;
  dispose(): void;
}

/** A text spoken by the voiceSynthesis lab's built-in (offline, on our server) voice, as WAV. */
export interface SpokenSound {
  wav: Uint8Array;
  /** How long it sounds. */
  seconds: number;
}

/**
 * One of the labs' drawing networks, loaded by the lab's own loader: a 28×28 input prepared as the lab
 * prepares its drawings (models/drawing-input.ts) → one probability per class (the doodle categories of
 * `@ai-edu/ml/doodles/categories.ts`, or the digits 0–9).
 */
export interface DrawingNetwork {
  probabilities(input: Float32Array): Promise<readonly number[]>;
  /** Frees what the run loaded (the digit lab's worker); a network the page keeps may do nothing. */
  dispose(): void;
}

export type DrawingNetworkName = 'doodle' | 'digit';

/** A sound trainer's model read back from its exported file (features/sound-classifier, as the labs read it). */
export interface CommandWordModel {
  /** Every class it tells apart, background noise included. */
  readonly labels: readonly string[];
  /** Guesses each overlapping 1-s window of the stream (best label, how sure); returns how to stop. */
  listen(stream: MediaStream, onGuess: (label: string, probability: number) => void): () => void;
  dispose(): void;
}

export interface BuiltinKit {
  detectors: Record<BuiltinDetectorName, () => Promise<BuiltinDetector>>;
  synthesise(text: string, signal: AbortSignal): Promise<SpokenSound>;
  /** The doodle labs' network (quickDraw, writingPredict) and the numberPredict lab's digit network. */
  drawings: Record<DrawingNetworkName, () => Promise<DrawingNetwork>>;
  /** The sound trainer's model from the file the library keeps (lib/program-models.ts). */
  commandWords(file: ArrayBuffer): Promise<CommandWordModel>;
  /** The lines of text in a camera frame, in reading order (the textKnow lab's offline OCR and its loader). */
  readText(frame: HTMLCanvasElement): Promise<{ text: string }[]>;
}

/** Null where no route provides one: built-in blocks then say they cannot run here. */
export const BuiltinKitContext = createContext<BuiltinKit | null>(null);
