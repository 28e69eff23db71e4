import { describe, expect, it } from 'vitest';
import { isExperiencePath } from './activity-log.ts';

describe('experience log paths', () => {
  it('logs lab pages, not the index', () => {
    expect(isExperiencePath('/ailab/aiChat')).toBe(true);
    expect(isExperiencePath('/ailab/aiChat/history')).toBe(true);
    expect(isExperiencePath('/edu/ailab/quickDraw')).toBe(true);
    expect(isExperiencePath('/ailab')).toBe(false);
    expect(isExperiencePath('/ailab/')).toBe(false);
    expect(isExperiencePath('/edu/ailab')).toBe(false);
    expect(isExperiencePath('/course/1')).toBe(false);
    expect(isExperiencePath('/xailab/aiChat')).toBe(false);
  });
});
