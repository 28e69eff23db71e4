import { describe, expect, it } from 'vitest';
import { fitName, lastScore, parseClassLines, projectPath } from './project-helpers.ts';

describe('project helpers', () => {
  it('opens the page of the project kind', () => {
    expect(projectPath({ id: 3, kind: 'cls' })).toBe('/modelTrain/mmedu/cls?project=3');
    expect(projectPath({ id: 4, kind: 'det' })).toBe('/modelTrain/mmedu/det?project=4');
  });

  it('shortens the name so the copy name fits', () => {
    const copy = (name: string) => `${name} (copy)`;
    expect(fitName(copy, 'Cats')).toBe('Cats (copy)');
    const long = 'x'.repeat(40);
    const fitted = fitName(copy, long);
    expect([...fitted].length).toBe(40);
    expect(fitted.endsWith(' (copy)')).toBe(true);
  });

  it('reads one class per line without blanks or repeats', () => {
    expect(parseClassLines(' cat \n\nDog\ncat\nCAT\nbird\r\n')).toEqual(['cat', 'Dog', 'bird']);
  });

  it('shows accuracy for cls and mAP for det, nothing before a training', () => {
    const run = { at: '', epochs: 1, trainMs: 1, accuracy: 0.953, map: 0.81 };
    expect(lastScore({ kind: 'cls', lastRun: run })).toBe('95.3%');
    expect(lastScore({ kind: 'det', lastRun: run })).toBe('81.0%');
    expect(lastScore({ kind: 'cls', lastRun: null })).toBeNull();
  });
});
