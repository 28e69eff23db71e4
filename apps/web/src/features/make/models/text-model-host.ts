/**
 * The text models' host function: `modelClassifyText(id, text)` answers the class the student's text model
 * (trained in the text trainer, kept with "Use in a program") gives the text, with the trainer's own
 * classifier (packages/ml/src/text). Each model is read from the library once per run; one that is missing or
 * damaged is told once (a stage line) and answers ''. Loaded with the model runtime, on the first run that
 * uses a text model.
 */
import { predict, textClassifierFromJson, type TextClassifier } from '@ai-edu/ml/text/index.ts';
import { displayText } from '../blocks/host-functions.ts';
import { readProgramModel } from '../../../lib/program-models.ts';
import type { AsyncHostFunction } from '../runtime/program-runner.ts';
import type { ModelRef } from './model-refs.ts';
import type { ModelProblem } from './model-session.ts';

interface LoadedTextModel {
  classifier: TextClassifier;
  labels: readonly string[];
}

export function textModelHostFunctions(options: {
  owner: string;
  refs: readonly ModelRef[];
  onProblem: (problem: ModelProblem) => void;
}): Record<string, AsyncHostFunction> {
  const loading = new Map<string, Promise<LoadedTextModel | null>>();
  const load = (id: string): Promise<LoadedTextModel | null> => {
    let found = loading.get(id);
    if (!found) {
      const name = options.refs.find((ref) => ref.id === id)?.name ?? id;
      found = readProgramModel(options.owner, id)
        .catch(() => null)
        .then((record) => {
          if (!record || record.input !== 'text') {
            options.onProblem({ kind: 'missing', name });
            return null;
          }
          try {
            return { classifier: textClassifierFromJson(record.modelJson), labels: record.labels };
          } catch (error) {
            options.onProblem({
              kind: 'load',
              message: error instanceof Error ? error.message : String(error),
            });
            return null;
          }
        });
      loading.set(id, found);
    }
    return found;
  };
  return {
    modelClassifyText: async (id, text) => {
      const model = await load(String(id));
      const sentence = text === undefined ? '' : displayText(text);
      if (!model || !sentence.trim()) return '';
      return model.labels[predict(model.classifier, sentence).label] ?? '';
    },
  };
}
