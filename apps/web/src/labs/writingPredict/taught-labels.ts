/**
 * The labels a student teaches the doodle model: each a name and a few example drawings, kept as the 28×28
 * picture the model sees (one byte per pixel). The features the vote compares are worked out again from
 * these pictures whenever the model loads, so labels saved with one model still work after the model is
 * replaced. Pure functions (no React, no DOM): the same JSON is the browser's saved copy and the exported
 * file, checked with zod when it is read back, so a bad file changes nothing.
 */
import { z } from 'zod';
import { DOODLE_PIXELS } from '@ai-edu/ml/doodles/raster.ts';

/** Longest label name, in characters. */
export const LABEL_MAX_CHARS = 20;
/** Labels one student may keep. */
export const MAX_LABELS = 20;
/** Examples kept per label (a new one past this replaces the oldest). */
export const MAX_EXAMPLES = 30;
/** Largest file the import reads: MAX_LABELS × MAX_EXAMPLES pictures, in base64, fit well within it. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export const FILE_FORMAT = 'ai-edu/writing-predict-labels';
export const FILE_VERSION = 1;

export interface TaughtLabel {
  name: string;
  /** The network inputs of its examples, `DOODLE_PIXELS` bytes each (0 = paper, 255 = ink). */
  examples: Uint8Array[];
}

export type NameProblem = 'empty' | 'tooLong';

/** A name as kept: trimmed, inner spaces collapsed; or why it cannot be one. */
export function cleanLabelName(raw: string): { name: string } | { problem: NameProblem } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return { problem: 'empty' };
  if ([...name].length > LABEL_MAX_CHARS) return { problem: 'tooLong' };
  return { name };
}

/** Whether two names are the same label ("Robot" and "robot " merge). */
export const sameName = (a: string, b: string) =>
  a.normalize('NFC').toLocaleLowerCase() === b.normalize('NFC').toLocaleLowerCase();

/** A network input (floats in [0, 1]) as the bytes kept. */
export function inputBytes(input: Float32Array): Uint8Array {
  return Uint8Array.from(input, (v) => Math.round(Math.min(1, Math.max(0, v)) * 255));
}

/** Kept bytes back as a network input. */
export function bytesInput(bytes: Uint8Array): Float32Array {
  return Float32Array.from(bytes, (v) => v / 255);
}

export type AddResult =
  | { ok: true; labels: TaughtLabel[]; label: TaughtLabel }
  | { ok: false; problem: NameProblem | 'tooManyLabels' };

/**
 * The labels with one more example for `rawName`: added to the label of the same name if there is one (the
 * oldest example dropped past `MAX_EXAMPLES`), else a new label at the end.
 */
export function addExample(labels: readonly TaughtLabel[], rawName: string, input: Float32Array): AddResult {
  const cleaned = cleanLabelName(rawName);
  if ('problem' in cleaned) return { ok: false, problem: cleaned.problem };
  const example = inputBytes(input);
  const at = labels.findIndex((label) => sameName(label.name, cleaned.name));
  if (at < 0) {
    if (labels.length >= MAX_LABELS) return { ok: false, problem: 'tooManyLabels' };
    const label = { name: cleaned.name, examples: [example] };
    return { ok: true, labels: [...labels, label], label };
  }
  const old = labels[at]!;
  const label = { name: old.name, examples: [...old.examples, example].slice(-MAX_EXAMPLES) };
  return { ok: true, labels: labels.map((l, i) => (i === at ? label : l)), label };
}

export function removeLabel(labels: readonly TaughtLabel[], name: string): TaughtLabel[] {
  return labels.filter((label) => label.name !== name);
}

export function removeExample(labels: readonly TaughtLabel[], name: string, index: number): TaughtLabel[] {
  return labels
    .map((label) =>
      label.name === name ? { ...label, examples: label.examples.filter((_, i) => i !== index) } : label,
    )
    .filter((label) => label.examples.length > 0);
}

// Base64 by hand on binary strings: the same in the browser and in Node, for 784 bytes at a time.
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const exampleSchema = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    const bytes = fromBase64(text);
    if (bytes?.length !== DOODLE_PIXELS) {
      ctx.addIssue({ code: 'custom', message: `an example is not a ${DOODLE_PIXELS}-byte picture` });
      return z.NEVER;
    }
    return bytes;
  });

const fileSchema = z.object({
  format: z.literal(FILE_FORMAT),
  version: z.literal(FILE_VERSION),
  labels: z
    .array(
      z.object({
        name: z
          .string()
          .refine((name) => !('problem' in cleanLabelName(name)), 'a label name is empty or too long'),
        examples: z.array(exampleSchema).min(1).max(MAX_EXAMPLES),
      }),
    )
    .max(MAX_LABELS),
});

/** The labels as the saved copy and the exported file (JSON). */
export function serialiseLabels(labels: readonly TaughtLabel[]): string {
  return JSON.stringify({
    format: FILE_FORMAT,
    version: FILE_VERSION,
    labels: labels.map((label) => ({ name: label.name, examples: label.examples.map(toBase64) })),
  });
}

export type FileProblem = 'notJson' | 'notLabels' | 'tooLarge' | 'tooManyLabels';

export type ParseResult = { ok: true; labels: TaughtLabel[] } | { ok: false; problem: FileProblem };

/** A file's labels, every part checked; names that repeat are merged. */
export function parseLabels(text: string): ParseResult {
  if (text.length > MAX_FILE_BYTES) return { ok: false, problem: 'tooLarge' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: 'notLabels' };
  return mergeLabels(
    [],
    parsed.data.labels.map((l) => ({ name: cleanName(l.name), examples: l.examples })),
  );
}

const cleanName = (raw: string) => {
  const cleaned = cleanLabelName(raw);
  return 'name' in cleaned ? cleaned.name : raw;
};

/**
 * `incoming` added to `labels`: a label of the same name gets the new examples after its own (the newest
 * `MAX_EXAMPLES` kept), others are appended. Refused whole when that would make more than `MAX_LABELS`.
 */
export function mergeLabels(labels: readonly TaughtLabel[], incoming: readonly TaughtLabel[]): ParseResult {
  const merged = labels.map((label) => ({ ...label, examples: [...label.examples] }));
  for (const label of incoming) {
    const same = merged.find((l) => sameName(l.name, label.name));
    if (same) same.examples = [...same.examples, ...label.examples].slice(-MAX_EXAMPLES);
    else merged.push({ name: label.name, examples: [...label.examples].slice(-MAX_EXAMPLES) });
  }
  if (merged.length > MAX_LABELS) return { ok: false, problem: 'tooManyLabels' };
  return { ok: true, labels: merged };
}

/** Where the browser keeps a user's labels (per account when the page knows who is signed in). */
export function storageKey(uid: string | undefined): string {
  return uid ? `ai-edu:writingPredict:labels:${uid}` : 'ai-edu:writingPredict:labels';
}

/** The saved labels, or none when nothing (or nothing readable) is saved. */
export function readSavedLabels(saved: string | null): TaughtLabel[] {
  if (!saved) return [];
  const parsed = parseLabels(saved);
  return parsed.ok ? parsed.labels : [];
}

/** "robot.json"-style file name for the export. */
export const EXPORT_FILE_NAME = 'taught-labels.json';
