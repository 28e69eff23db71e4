import { describe, expect, it } from 'vitest';
import { CREDIT_COSTS, LAB_SLUGS } from '@ai-edu/contract';
import { en } from '../lib/locales/en.ts';
import { zhCN } from '../lib/locales/zh-CN.ts';
import { canOpenLab, filterLabs, findLab, LAB_REGISTRY } from './registry.ts';

describe('lab registry', () => {
  it('has one entry per lab of the catalogue, with texts in both languages', () => {
    expect(LAB_REGISTRY.map((lab) => lab.slug)).toEqual([...LAB_SLUGS]);
    expect(LAB_REGISTRY).toHaveLength(20);
    for (const lab of LAB_REGISTRY) {
      for (const catalogue of [en, zhCN]) {
        expect(catalogue.labs[lab.slug].title, `${lab.slug} title`).not.toBe('');
        expect(catalogue.labs[lab.slug].description, `${lab.slug} description`).not.toBe('');
        expect(catalogue.labCategories[lab.category]).not.toBe('');
      }
    }
  });

  it('carries the devices and credit costs', () => {
    expect(findLab('faceAnalyze')).toMatchObject({ camera: true, microphone: false, category: 'see' });
    expect(findLab('trainAudio')).toMatchObject({ camera: false, microphone: true });
    expect(findLab('aiChat')?.cost).toBe(CREDIT_COSTS.aiChat);
    expect(findLab('textToImage')?.cost).toBe(CREDIT_COSTS.textToImage);
    expect(findLab('linearRegression')?.cost).toBeUndefined();
    // Free offline; only its optional cloud button costs credits, and says so itself.
    expect(findLab('textKnow')?.cost).toBeUndefined();
    expect(findLab('nope')).toBeUndefined();
  });

  it('lets an account open only the labs its user info lists', () => {
    expect(canOpenLab(['aiChat'], 'aiChat')).toBe(true);
    expect(canOpenLab(['aiChat'], 'quickDraw')).toBe(false);
    expect(canOpenLab(undefined, 'aiChat')).toBe(false);
  });

  it('searches titles and descriptions within a category', () => {
    const title = (slug: string) => en.labs[slug as keyof typeof en.labs].title;
    const byTitle = (q: string, c: Parameters<typeof filterLabs>[2] = 'all') =>
      filterLabs(LAB_REGISTRY, q, c, (lab) => title(lab.slug)).map((lab) => lab.slug);
    expect(byTitle('classifier')).toEqual([
      'trainImage',
      'trainAudio',
      'trainPose',
      'trainText',
      'trainHandPose',
    ]);
    expect(byTitle('CLASSIFIER', 'train')).toHaveLength(5);
    expect(byTitle('classifier', 'see')).toEqual([]);
    expect(byTitle('  ', 'how')).toEqual(['numberPredict', 'neuralNetworks', 'linearRegression']);
    expect(byTitle('quickdraw')).toEqual(['quickDraw']);
  });
});
