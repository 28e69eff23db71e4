import { DOODLE_PIXELS } from '@ai-edu/ml/doodles/raster.ts';
import { describe, expect, it } from 'vitest';
import {
  addExample,
  bytesInput,
  cleanLabelName,
  FILE_FORMAT,
  inputBytes,
  MAX_EXAMPLES,
  MAX_LABELS,
  mergeLabels,
  parseLabels,
  readSavedLabels,
  removeExample,
  removeLabel,
  serialiseLabels,
  storageKey,
  type TaughtLabel,
} from './taught-labels.ts';

/** A network input with one inked pixel at `at`. */
const drawing = (at: number) => {
  const input = new Float32Array(DOODLE_PIXELS);
  input[at] = 1;
  input[at + 1] = 0.5;
  return input;
};

function teach(names: string[]): TaughtLabel[] {
  let labels: TaughtLabel[] = [];
  names.forEach((name, i) => {
    const result = addExample(labels, name, drawing(i));
    if (!result.ok) throw new Error(result.problem);
    labels = result.labels;
  });
  return labels;
}

describe('label names', () => {
  it('trims and collapses spaces, refuses empty and over 20 characters', () => {
    expect(cleanLabelName('  my   robot ')).toEqual({ name: 'my robot' });
    expect(cleanLabelName('   ')).toEqual({ problem: 'empty' });
    expect(cleanLabelName('x'.repeat(20))).toEqual({ name: 'x'.repeat(20) });
    expect(cleanLabelName('x'.repeat(21))).toEqual({ problem: 'tooLong' });
    // Characters, not UTF-16 units: 20 Chinese characters or emoji are fine.
    expect(cleanLabelName('机器人'.repeat(6) + '机器')).toEqual({ name: '机器人'.repeat(6) + '机器' });
    expect(cleanLabelName('🤖'.repeat(20))).toEqual({ name: '🤖'.repeat(20) });
  });
});

describe('teaching examples', () => {
  it('adds examples to a label; the same name in other case or spacing merges into it', () => {
    const labels = teach(['robot', ' Robot ', 'star', 'ROBOT']);
    expect(labels.map((l) => [l.name, l.examples.length])).toEqual([
      ['robot', 3],
      ['star', 1],
    ]);
    expect(bytesInput(labels[0]!.examples[1]!)[1]).toBe(1);
  });

  it('refuses a bad name and a label past the limit, changing nothing', () => {
    const labels = teach(['robot']);
    expect(addExample(labels, '  ', drawing(0))).toEqual({ ok: false, problem: 'empty' });
    const full = teach(Array.from({ length: MAX_LABELS }, (_, i) => `label ${i}`));
    expect(addExample(full, 'one more', drawing(0))).toEqual({ ok: false, problem: 'tooManyLabels' });
    // An existing label still takes examples when the list is full.
    expect(addExample(full, 'label 3', drawing(0)).ok).toBe(true);
  });

  it('keeps the newest examples past the limit', () => {
    const labels = teach(Array.from({ length: MAX_EXAMPLES + 2 }, () => 'robot'));
    expect(labels[0]!.examples).toHaveLength(MAX_EXAMPLES);
    expect(bytesInput(labels[0]!.examples[0]!)[2]).toBe(1);
  });

  it('removes one example (the label goes with its last) or a whole label', () => {
    const labels = teach(['robot', 'robot', 'star']);
    expect(removeExample(labels, 'robot', 0).map((l) => [l.name, l.examples.length])).toEqual([
      ['robot', 1],
      ['star', 1],
    ]);
    expect(removeExample(labels, 'star', 0).map((l) => l.name)).toEqual(['robot']);
    expect(removeLabel(labels, 'robot').map((l) => l.name)).toEqual(['star']);
  });

  it('keeps inputs as bytes, clamped to [0, 1]', () => {
    expect(Array.from(inputBytes(Float32Array.from([0, 0.5, 1, 1.2, -0.1])))).toEqual([0, 128, 255, 255, 0]);
  });
});

describe('saving, exporting and importing', () => {
  it('reads back what it wrote', () => {
    const labels = teach(['robot', 'robot', '星星']);
    const text = serialiseLabels(labels);
    expect(JSON.parse(text)).toMatchObject({ format: FILE_FORMAT, version: 1 });
    expect(parseLabels(text)).toEqual({ ok: true, labels });
    expect(readSavedLabels(text)).toEqual(labels);
  });

  it('refuses a bad file with the reason', () => {
    const good = JSON.parse(serialiseLabels(teach(['robot']))) as {
      labels: { name: string; examples: string[] }[];
    };
    const variant = (change: (file: typeof good) => void) => {
      const copy = structuredClone(good);
      change(copy);
      return JSON.stringify(copy);
    };
    expect(parseLabels('these are my notes')).toEqual({ ok: false, problem: 'notJson' });
    expect(parseLabels('{"format":"ai-edu/train-text","version":1,"classes":[]}')).toEqual({
      ok: false,
      problem: 'notLabels',
    });
    for (const bad of [
      variant((f) => (f.labels[0]!.name = '')),
      variant((f) => (f.labels[0]!.name = 'x'.repeat(21))),
      variant((f) => (f.labels[0]!.examples = [])),
      variant((f) => (f.labels[0]!.examples[0] = 'AAAA')),
      variant((f) => (f.labels[0]!.examples[0] = '***')),
      variant((f) => ((f as unknown as { version: number }).version = 2)),
    ]) {
      expect(parseLabels(bad)).toEqual({ ok: false, problem: 'notLabels' });
    }
    expect(parseLabels(' '.repeat(2 * 1024 * 1024 + 1))).toEqual({ ok: false, problem: 'tooLarge' });
    expect(readSavedLabels('{broken')).toEqual([]);
    expect(readSavedLabels(null)).toEqual([]);
  });

  it('merges an import into the labels there are, by name; refuses one that makes too many', () => {
    const mine = teach(['robot', 'star']);
    const theirs = teach(['Robot', 'Robot', 'moon']);
    const merged = mergeLabels(mine, theirs);
    expect(merged.ok && merged.labels.map((l) => [l.name, l.examples.length])).toEqual([
      ['robot', 3],
      ['star', 1],
      ['moon', 1],
    ]);
    const many = teach(Array.from({ length: MAX_LABELS }, (_, i) => `label ${i}`));
    expect(mergeLabels(many, theirs)).toEqual({ ok: false, problem: 'tooManyLabels' });
  });

  it('keeps each account’s labels apart', () => {
    expect(storageKey('u1')).not.toBe(storageKey('u2'));
    expect(storageKey(undefined)).toBe('ai-edu:writingPredict:labels');
  });
});
