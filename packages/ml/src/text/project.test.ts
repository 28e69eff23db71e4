import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROJECT_SETTINGS,
  parseProjectFile,
  PROJECT_FORMAT,
  PROJECT_LIMITS,
  serializeProject,
  type ProjectError,
  type TextProject,
} from './project.ts';

const project: TextProject = {
  name: '天气和运动',
  classes: [
    { name: '天气', examples: ['今天下雨了', 'It is sunny'] },
    { name: 'Sports', examples: ['我们赢了比赛'] },
  ],
  settings: { ...DEFAULT_PROJECT_SETTINGS, epochs: 50, seed: 42 },
};

const file = (patch: Record<string, unknown>) =>
  JSON.stringify({ format: PROJECT_FORMAT, version: 1, name: 'x', classes: [], ...patch });

function errorOf(text: string): ProjectError {
  const result = parseProjectFile(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

describe('project files', () => {
  it('read back exactly what was saved', () => {
    const text = serializeProject(project);
    expect(JSON.parse(text)).toMatchObject({ format: PROJECT_FORMAT, version: 1 });
    expect(parseProjectFile(text)).toEqual({ ok: true, project });
    // A byte-order mark (some editors add one) is fine.
    expect(parseProjectFile(`\uFEFF${text}`)).toEqual({ ok: true, project });
  });

  it('tidy whitespace, drop repeated sentences, fill missing settings and ignore unknown fields', () => {
    const result = parseProjectFile(
      file({
        name: '  my   project ',
        classes: [{ name: ' A ', examples: [' one\n two ', 'one two', 'three'], colour: 'red' }],
        settings: { epochs: 10 },
        extra: true,
      }),
    );
    expect(result).toEqual({
      ok: true,
      project: {
        name: 'my project',
        classes: [{ name: 'A', examples: ['one two', 'three'] }],
        settings: { ...DEFAULT_PROJECT_SETTINGS, epochs: 10 },
      },
    });
    const noSettings = parseProjectFile(file({ name: undefined }));
    expect(noSettings.ok && noSettings.project).toEqual({
      name: '',
      classes: [],
      settings: DEFAULT_PROJECT_SETTINGS,
    });
  });

  it('refuse files that are not projects of this lab', () => {
    expect(errorOf('not json {')).toEqual({ code: 'notJson' });
    expect(errorOf('')).toEqual({ code: 'notJson' });
    expect(errorOf('[1, 2]')).toEqual({ code: 'notProject' });
    expect(errorOf('null')).toEqual({ code: 'notProject' });
    expect(errorOf(file({ format: 'ai-edu/train-image' }))).toEqual({ code: 'notProject' });
    expect(errorOf(file({ version: '1' }))).toEqual({ code: 'notProject' });
    expect(errorOf(file({ classes: {} }))).toEqual({ code: 'notProject' });
    expect(errorOf(file({ version: 2 }))).toEqual({ code: 'newerVersion' });
    expect(errorOf('x'.repeat(PROJECT_LIMITS.maxFileBytes + 1)).code).toBe('tooLarge');
  });

  it('refuse bad classes and sentences, saying where', () => {
    const ok = { name: 'ok', examples: ['fine'] };
    expect(errorOf(file({ classes: [ok, 'nope'] }))).toEqual({ code: 'badClass', classNumber: 2 });
    expect(errorOf(file({ classes: [ok, { name: 'b' }] }))).toEqual({ code: 'badClass', classNumber: 2 });
    expect(errorOf(file({ classes: [{ name: '  ', examples: [] }] }))).toMatchObject({
      code: 'badClassName',
      classNumber: 1,
    });
    expect(errorOf(file({ classes: [{ name: 'x'.repeat(31), examples: [] }] })).code).toBe('badClassName');
    expect(errorOf(file({ classes: [ok, { name: 'OK', examples: [] }] }))).toEqual({
      code: 'duplicateClassName',
      classNumber: 2,
    });
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `c${i}`, examples: [] }));
    expect(errorOf(file({ classes: many }))).toEqual({ code: 'tooManyClasses', limit: 10 });
    expect(errorOf(file({ classes: [{ name: 'a', examples: ['x', 7] }] }))).toMatchObject({
      code: 'badExample',
      classNumber: 1,
      exampleNumber: 2,
    });
    expect(errorOf(file({ classes: [{ name: 'a', examples: ['好'.repeat(201)] }] })).code).toBe('badExample');
    expect(parseProjectFile(file({ classes: [{ name: 'a', examples: ['好'.repeat(200)] }] })).ok).toBe(true);
    const tooMany = Array.from({ length: 201 }, (_, i) => `s${i}`);
    expect(errorOf(file({ classes: [{ name: 'a', examples: tooMany }] }))).toMatchObject({
      code: 'tooManyExamples',
      classNumber: 1,
    });
    expect(errorOf(file({ name: 42 })).code).toBe('badProjectName');
  });

  it('refuse settings out of range', () => {
    expect(errorOf(file({ settings: { epochs: 0 } }))).toEqual({ code: 'badSettings', field: 'epochs' });
    expect(errorOf(file({ settings: { epochs: 2.5 } }))).toEqual({ code: 'badSettings', field: 'epochs' });
    expect(errorOf(file({ settings: { learningRate: -1 } }))).toEqual({
      code: 'badSettings',
      field: 'learningRate',
    });
    expect(errorOf(file({ settings: { l2: 'high' } }))).toEqual({ code: 'badSettings', field: 'l2' });
    expect(errorOf(file({ settings: { bigrams: 1 } }))).toEqual({ code: 'badSettings', field: 'bigrams' });
    expect(errorOf(file({ settings: { seed: -3 } }))).toEqual({ code: 'badSettings', field: 'seed' });
    expect(errorOf(file({ settings: [] }))).toEqual({ code: 'badSettings', field: 'settings' });
  });
});
