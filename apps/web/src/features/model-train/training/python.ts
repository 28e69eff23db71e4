/** The Python snippet shown on the Export tab: the ONNX helper's program for this model's task and labels. */
import type { TrainKind } from '@ai-edu/contract';
import { CLS_INPUT_SIZE, DET_INPUT_SIZE } from '@ai-edu/ml/model-train/backbone.ts';
import { pythonSnippet } from '@ai-edu/ml/model-train/onnx/python.ts';

export function pythonSnippetFor(kind: TrainKind, labels: readonly string[], fileName: string): string {
  return pythonSnippet(kind, {
    inputSize: kind === 'cls' ? CLS_INPUT_SIZE : DET_INPUT_SIZE,
    labels,
    fileName,
  });
}
