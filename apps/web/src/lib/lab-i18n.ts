/**
 * Lab texts live with each lab (`labs/<slug>/i18n.ts` exporting `{ en, 'zh-CN' }`) and are added to i18next
 * as the namespace `lab-<slug>` when the lab's chunk first renders, so lab authors never touch the shared
 * catalogues and a lab's texts load only with its code.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, LabSlug } from '@ai-edu/contract';
import { i18n } from './i18n.ts';

/** Nested text objects; leaves are strings (with `{{name}}` interpolation where needed). */
export interface LabTexts {
  [key: string]: string | LabTexts;
}

export type LabResources<T extends LabTexts> = Record<Language, T>;

/** Dotted paths to every string leaf of `T`: 'title', 'buttons.start' … */
export type LabTextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LabTextKey<T[K]>}`;
}[keyof T & string];

export function labNamespace(slug: LabSlug): string {
  return `lab-${slug}`;
}

/** Adds a lab's texts to i18next once; later calls are no-ops. */
export function registerLabTexts<T extends LabTexts>(slug: LabSlug, resources: LabResources<T>): void {
  registerTexts(labNamespace(slug), resources);
}

/** Adds a feature's texts to i18next under `ns` once (labs use `registerLabTexts`). */
export function registerTexts<T extends LabTexts>(ns: string, resources: LabResources<T>): void {
  for (const [lang, texts] of Object.entries(resources)) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, texts, true, false);
  }
}

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/**
 * A lab's own `t`: keys are checked against its English texts, and the component re-renders when the
 * language changes. `tApp` reaches the shared catalogue (e.g. 'common.back').
 *
 * ```tsx
 * import { texts } from './i18n.ts';
 * const { t } = useLabTranslation('aiChat', texts);
 * t('send'); t('greeting', { name });
 * ```
 */
export function useLabTranslation<T extends LabTexts>(slug: LabSlug, resources: LabResources<T>) {
  return useFeatureTranslation(labNamespace(slug), resources);
}

/**
 * The same for a feature outside the lab registry (model training…): its texts live in its folder and are
 * registered under the namespace `ns` when its code first renders.
 */
export function useFeatureTranslation<T extends LabTexts>(ns: string, resources: LabResources<T>) {
  registerTexts(ns, resources);
  const { t: tApp, i18n: instance } = useTranslation();
  const language = instance.language;
  const t = useCallback(
    (key: LabTextKey<T>, options?: Record<string, unknown>): string =>
      // `language` is a dependency so a language switch yields a new `t` (memoised children re-render).
      (instance.t as unknown as LooseT)(key, { ...options, ns, lng: language }),
    [instance, ns, language],
  );
  return { t, tApp, language };
}
