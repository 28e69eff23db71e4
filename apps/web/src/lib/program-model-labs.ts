/**
 * Where the page a program model was trained on lives (issue 26): the trainers are labs (`/ailab/<slug>`);
 * model training's classification projects have pages of their own. The block's help, the studio's "How
 * does … work?" link and the trainer buttons all go through this, so a new source of models is one line here.
 */
import { paths } from '../config/paths.ts';

/** `ProgramModel.lab` of a model kept from a model-training classification project. */
export const MODEL_TRAIN_LAB = 'modelTrain';

export function programModelLabPath(lab: string): string {
  return lab === MODEL_TRAIN_LAB ? paths.modelTrainCls : `/ailab/${lab}`;
}
