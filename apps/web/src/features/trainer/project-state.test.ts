import { describe, expect, it } from 'vitest';
import { TRAINER_LIMITS } from './limits.ts';
import {
  classNameProblem,
  freeClassName,
  initialState,
  trainBlock,
  trainerReducer,
  trainingData,
} from './project-state.ts';

const sample = (v: number) => ({ features: new Float32Array([v, v]), thumb: 'data:image/jpeg;base64,' });

describe('trainer project state', () => {
  it('adds, renames and deletes classes, keeping names unique', () => {
    let s = initialState(['Class 1', 'Class 2']);
    expect(freeClassName(s, (n) => `Class ${n}`)).toBe('Class 3');
    s = trainerReducer(s, { type: 'addClass', name: ' Rock ' });
    expect(s.classes.map((c) => c.name)).toEqual(['Class 1', 'Class 2', 'Rock']);
    expect(trainerReducer(s, { type: 'addClass', name: 'rock' })).toBe(s);
    expect(classNameProblem(s, '')).toBe('empty');
    expect(classNameProblem(s, 'x'.repeat(TRAINER_LIMITS.maxClassNameLength + 1))).toBe('tooLong');
    const rock = s.classes[2]!;
    expect(classNameProblem(s, 'ROCK', rock.id)).toBeNull();
    const renamed = trainerReducer(s, { type: 'renameClass', id: rock.id, name: 'Paper' });
    expect(renamed.classes[2]!.name).toBe('Paper');
    expect(renamed.dataRevision).toBe(s.dataRevision);
    const deleted = trainerReducer(renamed, { type: 'deleteClass', id: rock.id });
    expect(deleted.classes).toHaveLength(2);
    expect(deleted.dataRevision).toBeGreaterThan(s.dataRevision);
  });

  it('adds samples up to the limit and labels them by class position', () => {
    let s = initialState(['A', 'B']);
    const [a, b] = s.classes;
    expect(trainBlock(s)).toEqual({ reason: 'emptyClass', name: 'A' });
    s = trainerReducer(s, { type: 'addSamples', classId: a!.id, samples: [sample(1), sample(2)] });
    s = trainerReducer(s, {
      type: 'addSamples',
      classId: b!.id,
      samples: Array.from({ length: TRAINER_LIMITS.maxSamplesPerClass + 5 }, (_, i) => sample(i)),
    });
    expect(s.classes[1]!.samples).toHaveLength(TRAINER_LIMITS.maxSamplesPerClass);
    expect(trainBlock(s)).toBeNull();
    const data = trainingData(s);
    expect(data.filter((d) => d.label === 0)).toHaveLength(2);
    const first = s.classes[0]!.samples[0]!;
    s = trainerReducer(s, { type: 'removeSample', classId: a!.id, sampleId: first.id });
    expect(s.classes[0]!.samples).toHaveLength(1);
    s = trainerReducer(s, { type: 'clearClass', classId: b!.id });
    expect(trainBlock(s)).toEqual({ reason: 'emptyClass', name: 'B' });
    s = trainerReducer(s, { type: 'deleteClass', id: b!.id });
    expect(trainBlock(s)).toEqual({ reason: 'fewClasses' });
  });
});
