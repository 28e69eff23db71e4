/**
 * The models a program's blocks name (pure): each model block keeps `{model: {id, name, labels, lab}}` in its
 * extra state (models/model-blocks.ts), so a run can find what to load without Blockly.
 */
import type { ProgramModel } from '../../../lib/program-models.ts';

/** What a block knows of its model. */
export interface ModelRef {
  id: string;
  name: string;
  labels: string[];
  /** The lab it was trained in: the block's help opens it. */
  lab: string;
}

/** A model reference read from saved JSON (a file may hold anything), or null. */
export function readModelRef(value: unknown): ModelRef | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, labels, lab } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !id || typeof name !== 'string') return null;
  if (!Array.isArray(labels) || !labels.every((l) => typeof l === 'string')) return null;
  return { id, name, labels, lab: typeof lab === 'string' ? lab : '' };
}

/** "⟨model⟩ label of text ⟨text⟩": a text trainer's model, which needs no camera. */
export const TEXT_MODEL_BLOCK = 'model_classify_text';

/**
 * "⟨model⟩ label of the costume" and "⟨model⟩ label of the robot's camera": an image model looking at a picture
 * the page draws, which needs no camera either (models/picture-model-host.ts).
 */
export const COSTUME_MODEL_BLOCK = 'model_classify_costume';
export const ROBOT_CAMERA_MODEL_BLOCK = 'model_classify_robot_camera';
const PICTURE_BLOCKS: readonly string[] = [COSTUME_MODEL_BLOCK, ROBOT_CAMERA_MODEL_BLOCK];

/** The camera models a workspace's model blocks use, each once. */
export function modelRefsIn(workspace: unknown): ModelRef[] {
  return refsOf(
    workspace,
    (type) => type.startsWith('model_') && type !== TEXT_MODEL_BLOCK && !PICTURE_BLOCKS.includes(type),
  );
}

/** The image models a workspace's picture blocks (costume, robot camera) use, each once. */
export function pictureModelRefsIn(workspace: unknown): ModelRef[] {
  return refsOf(workspace, (type) => PICTURE_BLOCKS.includes(type));
}

/** Whether a workspace classifies the robot's camera (the stage then shows what the camera sees). */
export function usesRobotCamera(workspace: unknown): boolean {
  return JSON.stringify(workspace).includes(`"type":"${ROBOT_CAMERA_MODEL_BLOCK}"`);
}

/** The text models a workspace's blocks use, each once. */
export function textModelRefsIn(workspace: unknown): ModelRef[] {
  return refsOf(workspace, (type) => type === TEXT_MODEL_BLOCK);
}

function refsOf(workspace: unknown, wanted: (type: string) => boolean): ModelRef[] {
  const found = new Map<string, ModelRef>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string' && wanted(record.type)) {
      const ref = readModelRef((record.extraState as { model?: unknown } | undefined)?.model);
      if (ref && !found.has(ref.id)) found.set(ref.id, ref);
    }
    Object.values(record).forEach(visit);
  };
  visit(workspace);
  return [...found.values()];
}

/** The reference blocks keep of a model in the library. */
export function modelRefOf(model: ProgramModel): ModelRef {
  return { id: model.id, name: model.name, labels: [...model.labels], lab: model.lab };
}
