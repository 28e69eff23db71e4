/**
 * The model blocks' host functions (`modelLabel(id)`, `modelConfidence(id, label)`): they wait until the run's
 * models have guessed once (or cannot), then answer the latest guess. Without models ('' and 0), a program
 * still runs: the stage has said why.
 */
import type { AsyncHostFunction } from '../runtime/program-runner.ts';
import type { Guesses } from './guesses.ts';

export interface ModelAnswers {
  readonly ready: Promise<void>;
  readonly guesses: Guesses;
}

export function modelHostFunctions(models: ModelAnswers | null): Record<string, AsyncHostFunction> {
  return {
    modelLabel: async (id) => {
      if (!models) return '';
      await models.ready;
      return models.guesses.label(String(id));
    },
    modelConfidence: async (id, label) => {
      if (!models) return 0;
      await models.ready;
      return models.guesses.percent(String(id), String(label));
    },
  };
}
