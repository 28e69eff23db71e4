/**
 * A classification project's trained model for the block studio (issue 26: "every model-training project
 * the student owns or that is shared with their class"): the kept head becomes a `ProgramModel` of this
 * browser's library. Model training's cls features are the image trainer's, to the letter (the same
 * backbone cut at the same node, the centred 224 square, pooled and L2-normalised: `CLS_EXTRACTOR_ID` equals
 * the trainer's extractor id), so the studio classifies camera frames for it with the trainer's own adapter.
 * Detection models have no block (yet): they find boxes, not one label.
 */
import { CLS_EXTRACTOR_ID } from '@ai-edu/ml/model-train/backbone.ts';
import type { ProgramModel } from '../../../lib/program-models.ts';
import { MODEL_TRAIN_LAB } from '../../../lib/program-model-labs.ts';
import { headModelFiles } from './head-files.ts';
import type { StoredModel } from './model-store.ts';

export function programModelOf(
  stored: StoredModel,
  fields: Pick<ProgramModel, 'id' | 'owner' | 'name' | 'savedAt'>,
): ProgramModel {
  if (stored.info.kind !== 'cls') throw new Error('only a classification model can be used in a program');
  return {
    ...fields,
    input: 'image',
    extractor: CLS_EXTRACTOR_ID,
    labels: [...stored.info.classes],
    lab: MODEL_TRAIN_LAB,
    ...headModelFiles(stored.head),
  };
}
