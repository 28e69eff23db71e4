/**
 * The doodle model for this page: loaded once (with its download bar), plus the descriptions (`features`)
 * the vote for taught labels compares with — the model's own example drawings, worked out once in one
 * batch, and the student's examples, worked out as they are added and remembered per picture.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type * as TF from '@tensorflow/tfjs';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { knnExample, type KnnExample } from '@ai-edu/ml/doodles/knn.ts';
import { DOODLE_PIXELS, DOODLE_SIZE } from '@ai-edu/ml/doodles/raster.ts';
import {
  doodleDownloads,
  loadDoodleModel,
  readDoodle,
  type DoodleModel,
} from '../../features/doodles/doodle-model.ts';
import { baseLabel, type TaughtFeatures } from './predictions.ts';
import { bytesInput, type TaughtLabel } from './taught-labels.ts';

export type ReaderState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; model: DoodleModel; baseExamples: KnnExample[] };

/** The model's example drawings of every category, described in one pass, labelled `baseLabel(category)`. */
export function describeBaseExamples(model: DoodleModel): KnnExample[] {
  const inputs = DOODLE_CATEGORIES.flatMap((_, category) =>
    model.examples(category).map((input) => ({ category, input })),
  );
  const batch = new Float32Array(inputs.length * DOODLE_PIXELS);
  inputs.forEach(({ input }, i) => batch.set(input, i * DOODLE_PIXELS));
  const described = model.tf.tidy(() => {
    const x = model.tf.tensor4d(batch, [inputs.length, DOODLE_SIZE, DOODLE_SIZE, 1]);
    const [features] = model.model.predict(x) as TF.Tensor[];
    return { data: features!.dataSync(), width: features!.shape[1] ?? 0 };
  });
  return inputs.map(({ category }, i) =>
    knnExample(baseLabel(category), described.data.subarray(i * described.width, (i + 1) * described.width)),
  );
}

/** Loads the model when the page opens; `retry` after a failed load. */
export function useDoodleReader() {
  const [downloads, setDownloads] = useState(() => doodleDownloads());
  const [state, setState] = useState<ReaderState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    loadDoodleModel(downloads).then(
      (model) => {
        if (live) setState({ kind: 'ready', model, baseExamples: describeBaseExamples(model) });
      },
      (error: unknown) => {
        if (live)
          setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [downloads]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setDownloads(doodleDownloads());
  }, []);

  return { state, downloads, retry };
}

/** Descriptions already worked out, per model and per example picture. */
const described = new WeakMap<DoodleModel, WeakMap<Uint8Array, number[]>>();

/**
 * The taught labels' example descriptions by `model`. Each picture is described once (a label that grows by
 * one example costs one more pass, not one per example).
 */
export function describeTaught(model: DoodleModel, labels: readonly TaughtLabel[]): TaughtFeatures[] {
  let cache = described.get(model);
  if (!cache) {
    cache = new WeakMap();
    described.set(model, cache);
  }
  const known = cache;
  return labels.map((label) => ({
    name: label.name,
    features: label.examples.map((example) => {
      let features = known.get(example);
      if (!features) {
        features = Array.from(readDoodle(model, bytesInput(example)).features);
        known.set(example, features);
      }
      return features;
    }),
  }));
}

export function useTaughtFeatures(model: DoodleModel | undefined, labels: readonly TaughtLabel[]) {
  return useMemo(() => (model ? describeTaught(model, labels) : []), [model, labels]);
}
