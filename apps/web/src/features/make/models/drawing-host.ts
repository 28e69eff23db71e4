/**
 * The drawing AI blocks' host functions: `drawingLabel()` (what the pen's drawing looks like, the doodle
 * category's name in the student's language), `drawingConfidence()` (0–100 for that guess) and
 * `drawingDigit()` (0–9). Each network loads on the first call of the run that needs it (the labs' own
 * loaders, through the kit); a drawing is read once per change of it. Nothing drawn answers '' (the digit
 * too, so `say` shows nothing; confidence 0). A network that cannot load is reported once, and its blocks
 * answer '' (and 0): the program goes on.
 */
import { doodleName } from '@ai-edu/ml/doodles/categories.ts';
import type { AsyncHostFunction } from '../runtime/program-runner.ts';
import type { Pen } from '../runtime/pen.ts';
import type { BuiltinKit, DrawingNetwork, DrawingNetworkName } from './builtin-kit.ts';
import { digitInputOf, doodleInputOf } from './drawing-input.ts';

export interface DrawingHostOptions {
  pen: Pen;
  /** The labs' networks (null where no route provides them). */
  networks: BuiltinKit['drawings'] | null;
  /** The student's language, for the category's name. */
  language: () => string;
  /** The run's end: the networks it loaded are freed. */
  signal: AbortSignal;
  onProblem: (network: DrawingNetworkName, message: string) => void;
}

interface Guess {
  index: number;
  probability: number;
}

const INPUTS: Record<DrawingNetworkName, typeof doodleInputOf> = {
  doodle: doodleInputOf,
  digit: digitInputOf,
};

function bestOf(probabilities: readonly number[]): Guess | null {
  let best: Guess | null = null;
  probabilities.forEach((probability, index) => {
    if (!best || probability > best.probability) best = { index, probability };
  });
  return best;
}

export function drawingHostFunctions(options: DrawingHostOptions): Record<string, AsyncHostFunction> {
  const { pen, networks, signal } = options;
  const loaded = new Map<DrawingNetworkName, Promise<DrawingNetwork | null>>();
  const read = new Map<DrawingNetworkName, { version: number; guess: Promise<Guess | null> }>();

  const network = (name: DrawingNetworkName): Promise<DrawingNetwork | null> => {
    let loading = loaded.get(name);
    if (!loading) {
      const load = networks ? networks[name]() : Promise.reject(new Error('not available on this page'));
      loading = load.then(
        (net) => {
          if (signal.aborted) net.dispose();
          else signal.addEventListener('abort', () => net.dispose(), { once: true });
          return net;
        },
        (error: unknown) => {
          if (!signal.aborted)
            options.onProblem(name, error instanceof Error ? error.message : String(error));
          return null;
        },
      );
      loaded.set(name, loading);
    }
    return loading;
  };

  /** The network's best guess for the drawing as it is now (the same drawing is read once). */
  const guess = (name: DrawingNetworkName): Promise<Guess | null> => {
    const version = pen.drawingVersion;
    const known = read.get(name);
    if (known?.version === version) return known.guess;
    const input = INPUTS[name](pen.segments);
    const answer = input
      ? network(name).then(async (net) => (net ? bestOf(await net.probabilities(input)) : null))
      : Promise.resolve(null);
    // A failed reading is not kept: the next call tries again.
    const kept: Promise<Guess | null> = answer.catch(() => {
      if (read.get(name)?.guess === kept) read.delete(name);
      return null;
    });
    read.set(name, { version, guess: kept });
    return kept;
  };

  return {
    drawingLabel: async () => {
      const best = await guess('doodle');
      return best ? doodleName(best.index, options.language()) : '';
    },
    drawingConfidence: async () => {
      const best = await guess('doodle');
      return best ? Math.round(best.probability * 100) : 0;
    },
    drawingDigit: async () => {
      const best = await guess('digit');
      return best ? best.index : '';
    },
  };
}
