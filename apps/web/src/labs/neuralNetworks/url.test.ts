import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsFromQuery } from '@ai-edu/ml/nn/index.ts';
import { withSettings } from './url.ts';

describe('settings in the page query', () => {
  it('replaces the playground keys and keeps the others', () => {
    const params = new URLSearchParams('from=course&lr=7&noise=abc&lesson=3');
    const next = withSettings(params, { ...defaultSettings(), learningRate: 0.1 });
    expect(next.get('from')).toBe('course');
    expect(next.get('lesson')).toBe('3');
    expect(next.getAll('lr')).toEqual(['0.1']);
    expect(next.get('noise')).toBe('0');
    expect(settingsFromQuery(next)).toEqual({ ...defaultSettings(), learningRate: 0.1 });
    expect(next.toString().startsWith('from=course&lesson=3&dataset=circle')).toBe(true);
  });
});
