import { describe, expect, it } from 'vitest';
import {
  crossValidate,
  parseProjectFile,
  predict,
  serializeProject,
  trainTextClassifier,
} from '@ai-edu/ml/text/index.ts';
import { LANGUAGES } from '@ai-edu/contract';
import { fromProject, trainingData } from './project-state.ts';
import { STARTERS } from './starters.ts';

describe('starter projects', () => {
  for (const starter of STARTERS) {
    for (const lang of LANGUAGES) {
      const project = starter.project[lang];
      it(`${starter.id} (${lang}) is a valid project that learns its own test sentences`, () => {
        expect(parseProjectFile(serializeProject(project))).toEqual({ ok: true, project });
        const data = trainingData(fromProject(project));
        const classes = project.classes.length;
        const { model } = trainTextClassifier(data, classes, project.settings);
        for (const sample of starter.samples[lang]) {
          expect(predict(model, sample.text).label, sample.text).toBe(sample.label);
        }
        // Enough examples for the held-out check, and it passes it well.
        expect(crossValidate(data, classes, project.settings).accuracy).toBeGreaterThanOrEqual(0.8);
      });
    }
  }
});
