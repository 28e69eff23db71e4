import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_SETTINGS } from '@ai-edu/ml/text/index.ts';
import {
  classNameProblem,
  emptyProject,
  fileNameFor,
  freeClassName,
  fromProject,
  hasUnsavedWork,
  planExamples,
  projectReducer,
  toProject,
  trainBlock,
  trainingData,
  type ProjectAction,
  type ProjectState,
} from './project-state.ts';

const start = () => fromProject(emptyProject(['Class 1', 'Class 2']));
const run = (state: ProjectState, ...actions: ProjectAction[]) => actions.reduce(projectReducer, state);
const ids = (state: ProjectState) => state.classes.map((c) => c.id);

describe('project state', () => {
  it('adds, renames and deletes classes, refusing empty, long and repeated names', () => {
    let s = run(start(), { type: 'addClass', name: ' Food  ' });
    expect(s.classes.map((c) => c.name)).toEqual(['Class 1', 'Class 2', 'Food']);
    expect(run(s, { type: 'addClass', name: 'food' })).toBe(s);
    expect(classNameProblem(s, 'FOOD')).toBe('duplicate');
    expect(classNameProblem(s, '  ')).toBe('empty');
    expect(classNameProblem(s, 'x'.repeat(31))).toBe('tooLong');
    expect(classNameProblem(s, 'Food', ids(s)[2])).toBeNull();
    const [a, b] = ids(s);
    s = run(s, { type: 'renameClass', id: a!, name: 'Weather' });
    expect(s.classes[0]!.name).toBe('Weather');
    expect(run(s, { type: 'renameClass', id: b!, name: 'weather' })).toBe(s);
    s = run(s, { type: 'deleteClass', id: b! });
    expect(s.classes.map((c) => c.name)).toEqual(['Weather', 'Food']);
    expect(freeClassName(s, (n) => `Class ${n}`)).toBe('Class 3');
  });

  it('stops at ten classes', () => {
    let s = start();
    for (let n = 3; n <= 12; n++) s = run(s, { type: 'addClass', name: `Class ${n}` });
    expect(s.classes).toHaveLength(10);
  });

  it('adds pasted lines as examples, skipping blanks, repeats and sentences too long', () => {
    const s = start();
    const cls = s.classes[0]!;
    const plan = planExamples(cls, ['It rains\n\n  It   rains ', 'Sunny today', 'x'.repeat(201)]);
    expect(plan).toEqual({ accepted: ['It rains', 'Sunny today'], duplicates: 1, tooLong: 1, overflow: 0 });
    const next = run(s, { type: 'addExamples', classId: cls.id, texts: ['It rains\nSunny today'] });
    expect(next.classes[0]!.examples.map((e) => e.text)).toEqual(['It rains', 'Sunny today']);
    expect(planExamples(next.classes[0]!, ['It rains'])).toMatchObject({ accepted: [], duplicates: 1 });
    const full = { ...cls, examples: Array.from({ length: 199 }, (_, i) => ({ id: i, text: `s${i}` })) };
    expect(planExamples(full, ['a', 'b'])).toMatchObject({ accepted: ['a'], overflow: 1 });
    const exampleId = next.classes[0]!.examples[0]!.id;
    const removed = run(next, { type: 'removeExample', classId: cls.id, exampleId });
    expect(removed.classes[0]!.examples.map((e) => e.text)).toEqual(['Sunny today']);
  });

  it('says when training can start and builds labelled data by class position', () => {
    let s = start();
    expect(trainBlock(s)).toEqual({ reason: 'emptyClass', name: 'Class 1' });
    const [a, b] = ids(s);
    s = run(s, { type: 'addExamples', classId: a!, texts: ['rain'] });
    expect(trainBlock(s)).toEqual({ reason: 'emptyClass', name: 'Class 2' });
    s = run(s, { type: 'addExamples', classId: b!, texts: ['football', 'tennis'] });
    expect(trainBlock(s)).toBeNull();
    expect(trainingData(s)).toEqual([
      { text: 'rain', label: 0 },
      { text: 'football', label: 1 },
      { text: 'tennis', label: 1 },
    ]);
    expect(trainBlock(run(s, { type: 'deleteClass', id: a! }))).toEqual({ reason: 'fewClasses' });
  });

  it('tracks changes that matter to the model apart from renames, and unsaved work', () => {
    let s = start();
    const [a] = ids(s);
    s = run(s, { type: 'addExamples', classId: a!, texts: ['rain'] });
    const data = s.dataRevision;
    expect(hasUnsavedWork(s)).toBe(true);
    s = run(s, { type: 'renameClass', id: a!, name: 'Weather' }, { type: 'rename', name: 'My project' });
    expect(s.dataRevision).toBe(data);
    s = run(s, { type: 'settings', settings: { epochs: 50 } });
    expect(s.dataRevision).toBe(data + 1);
    expect(s.settings).toEqual({ ...DEFAULT_PROJECT_SETTINGS, epochs: 50 });
    s = run(s, { type: 'saved' });
    expect(hasUnsavedWork(s)).toBe(false);

    const loaded = run(s, { type: 'load', project: emptyProject(['A', 'B']), saved: true });
    expect(loaded.dataRevision).toBeGreaterThan(s.dataRevision);
    expect(hasUnsavedWork(loaded)).toBe(false);
    expect(toProject(loaded)).toEqual(emptyProject(['A', 'B']));
    expect(toProject(s)).toMatchObject({
      name: 'My project',
      classes: [
        { name: 'Weather', examples: ['rain'] },
        { name: 'Class 2', examples: [] },
      ],
    });
  });

  it('makes file names that every system accepts', () => {
    expect(fileNameFor('天气 / 运动: v2?', 'project')).toBe('天气 - 运动- v2.json');
    expect(fileNameFor('  ', 'text-classifier')).toBe('text-classifier.json');
    expect(fileNameFor('..', 'x')).toBe('x.json');
  });
});
