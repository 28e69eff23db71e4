/**
 * The models a student's block programs can use (issue 26, docs/make-studio.md "Model blocks"): a trainer's
 * "Use in a program" keeps its trained classifier here, in this browser's IndexedDB beside model training's
 * models, and the studio lists them as blocks. Each record belongs to one account (a class computer is shared),
 * holds the head as TF.js layers-model files and names the feature extractor its inputs came from.
 */
import { objectStore } from './object-store.ts';
import { randomHex } from './random-key.ts';

/** Models that look at camera frames (a trainer's input adapter makes their features). */
export type CameraModelInput = 'image' | 'pose' | 'hand';
/** 'sound': the sound trainer's command words, heard from the microphone; 'text': the text trainer's classifier. */
export type ProgramModelInput = CameraModelInput | 'sound' | 'text';

export interface ProgramModel {
  /** Random, made when the model is kept; programs' blocks name it. */
  readonly id: string;
  /** The account (uid) it belongs to. */
  readonly owner: string;
  readonly name: string;
  readonly input: ProgramModelInput;
  /** The feature extractor's id (a trainer adapter's `extractor`): the model only works on its features. */
  readonly extractor: string;
  /** The classes it tells apart; a sound model's are its taught words (the background-noise class left out). */
  readonly labels: readonly string[];
  /** The lab it was trained in (its page explains how it works). */
  readonly lab: string;
  /**
   * model.json's text and weights.bin (`saveModelFiles`). A sound model keeps its exported model file (the
   * sound classifier's fast JSON or CNN zip, whichever it reads back) in `weights`, and '' here; a text model
   * its classifier as JSON here (`textClassifierToJson`) and nothing in `weights`.
   */
  readonly modelJson: string;
  readonly weights: ArrayBuffer;
  readonly savedAt: string;
}

/** Models one account keeps at most in this browser: the oldest goes when a new one is kept. */
export const MAX_PROGRAM_MODELS = 20;

const models = objectStore('ai-edu-program-models', 'models', 'id');

const all = () =>
  models.run<ProgramModel[]>('readonly', (store) => store.getAll() as IDBRequest<ProgramModel[]>);

/** The account's models, newest first. */
export async function listProgramModels(owner: string): Promise<ProgramModel[]> {
  const mine = (await all()).filter((model) => model.owner === owner);
  return mine.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** One of the account's models, or null (another account's, deleted, or kept on another computer). */
export async function readProgramModel(owner: string, id: string): Promise<ProgramModel | null> {
  const found = await models.run<ProgramModel | undefined>(
    'readonly',
    (store) => store.get(id) as IDBRequest<ProgramModel | undefined>,
  );
  return found?.owner === owner ? found : null;
}

/** Keeps `model`, dropping the account's oldest beyond MAX_PROGRAM_MODELS. */
export async function keepProgramModel(model: ProgramModel): Promise<void> {
  await models.run('readwrite', (store) => store.put(model));
  const extra = (await listProgramModels(model.owner)).slice(MAX_PROGRAM_MODELS);
  for (const old of extra) await models.run('readwrite', (store) => store.delete(old.id));
}

/** 16 random bytes as hex (crypto.randomUUID needs a secure context; a school's plain-HTTP address is not one). */
export function newProgramModelId(): string {
  return randomHex();
}
