import { describe, expect, it } from 'vitest';
import { cloudSizeProblem, newFixKey } from './cloud-api.ts';
import { thresholdOf } from './components/repair-panel.tsx';
import { texts } from './i18n.ts';
import { deviceCanUpscale4, fitInside, maxSideFor, tooLargeFor } from './limits.ts';
import { currentPicture, pushStep, startSteps, undoStep } from './steps.ts';

describe('photo size limits', () => {
  it('caps repair at 2048 and super-resolution so its result is at most 2048', () => {
    expect(maxSideFor('repair')).toBe(2048);
    expect(maxSideFor('upscale2')).toBe(1024);
    expect(maxSideFor('upscale4')).toBe(512);
    expect(tooLargeFor('repair', 2048, 1500)).toBeUndefined();
    expect(tooLargeFor('repair', 2049, 10)).toBe(2048);
    expect(tooLargeFor('upscale4', 640, 480)).toBe(512);
  });

  it('scales down to fit, never up', () => {
    expect(fitInside(2600, 200, 2048)).toEqual({ width: 2048, height: 158 });
    expect(fitInside(300, 200, 2048)).toEqual({ width: 300, height: 200 });
    expect(fitInside(1, 5000, 100)).toEqual({ width: 1, height: 100 });
  });

  it('offers 4× on devices with enough memory, or when the browser does not say', () => {
    expect(deviceCanUpscale4(undefined)).toBe(true);
    expect(deviceCanUpscale4(8)).toBe(true);
    expect(deviceCanUpscale4(2)).toBe(false);
  });

  it('checks a photo against each cloud tool before sending it', () => {
    expect(cloudSizeProblem('volc_repair', 2048, 2000)).toBeUndefined();
    expect(cloudSizeProblem('volc_px', 1100, 600)).toMatchObject({ kind: 'tooLarge', maxSide: 1024 });
    expect(cloudSizeProblem('volc_enhance', 49, 600)).toMatchObject({ kind: 'tooSmall' });
    expect(newFixKey()).toMatch(/^fix-[0-9a-f]{32}$/);
  });
});

describe('steps', () => {
  it('keeps the start, adds steps and undoes them one at a time', () => {
    let steps = startSteps('photo', 'Your photo');
    expect(undoStep(steps)).toBe(steps);
    steps = pushStep(steps, { kind: 'repair', label: 'Repaired', before: 'photo', after: 'repaired' });
    steps = pushStep(steps, { kind: 'enhance', label: 'Enhanced', before: 'repaired', after: 'bright' });
    expect(currentPicture(steps)).toBe('bright');
    expect(currentPicture(undoStep(steps))).toBe('repaired');
    expect(currentPicture(undoStep(undoStep(undoStep(steps))))).toBe('photo');
  });
});

describe('repair sensitivity and texts', () => {
  it('asks fainter marks to stand out less as the sensitivity goes up', () => {
    expect(thresholdOf(1)).toBeGreaterThan(thresholdOf(10));
    expect(thresholdOf(10)).toBeGreaterThan(10);
    expect(thresholdOf(8)).toBe(26);
  });

  it('has every English text in Chinese too, with the same placeholders', () => {
    const leaves = (value: unknown, path = ''): [string, string][] =>
      typeof value === 'string'
        ? [[path, value]]
        : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
            leaves(v, path ? `${path}.${k}` : k),
          );
    const zh = new Map(leaves(texts['zh-CN']));
    for (const [key, english] of leaves(texts.en)) {
      const chinese = zh.get(key);
      expect(chinese, key).toBeTruthy();
      const names = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect(names(chinese!), key).toEqual(names(english));
    }
  });
});
