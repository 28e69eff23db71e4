/**
 * The school's doodle set and "our school's model" made from it: the set is fetched once per visit (and again
 * after a share, a removal or a clear); each drawing's description is computed in the browser once and kept
 * for the page, so a refetch only describes the drawings that are new.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoodleSet, SchoolDoodle } from '@ai-edu/contract';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import type { DoodleModel } from '../../features/doodles/doodle-model.ts';
import { describeMany } from './reading.ts';
import { DOODLES_QUERY_KEY, fetchDoodleSet } from './school-api.ts';
import { base64ToInput, schoolModel, schoolWords, type SchoolModel } from './school-model.ts';

/** Descriptions kept for the page: the network's own examples (per model) and school drawings by id. */
const exampleFeatures = new WeakMap<DoodleModel, Promise<Float32Array[][]>>();
const drawingFeatures = new Map<number, Float32Array>();

function categoryExampleFeatures(model: DoodleModel): Promise<Float32Array[][]> {
  let found = exampleFeatures.get(model);
  if (!found) {
    found = (async () => {
      const inputs = DOODLE_CATEGORIES.flatMap((_, c) => model.examples(c));
      const features = await describeMany(model, inputs);
      const per = features.length / DOODLE_CATEGORIES.length;
      return DOODLE_CATEGORIES.map((_, c) => features.slice(c * per, (c + 1) * per));
    })();
    exampleFeatures.set(model, found);
  }
  return found;
}

export interface SchoolModelState {
  model: SchoolModel | null;
  /** Drawings described so far, of `total`, while the school's model is being made. */
  progress: { done: number; total: number } | null;
}

export function useSchoolSet() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: DOODLES_QUERY_KEY,
    queryFn: ({ signal }) => fetchDoodleSet(signal),
    staleTime: 60_000,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: DOODLES_QUERY_KEY });
  return { query, refresh };
}

/**
 * "Our school's model" for the set: null while the set has no drawings; while a changed set is being
 * described, the model of the set before it (if any) and the progress.
 */
export function useSchoolModel(model: DoodleModel | null, set: DoodleSet | undefined): SchoolModelState {
  const drawings = set?.drawings;
  const [built, setBuilt] = useState<{ drawings: SchoolDoodle[]; model: SchoolModel } | null>(null);
  const [described, setDescribed] = useState<{ drawings: SchoolDoodle[]; done: number } | null>(null);

  useEffect(() => {
    if (!model || !drawings || drawings.length === 0) return;
    let live = true;
    const missing = drawings.filter((d) => !drawingFeatures.has(d.id));
    const already = drawings.length - missing.length;
    void (async () => {
      const examples = await categoryExampleFeatures(model);
      const features = await describeMany(
        model,
        missing.map((d) => base64ToInput(d.pixels)),
        (done) => live && setDescribed({ drawings, done: already + done }),
      );
      missing.forEach((d, i) => drawingFeatures.set(d.id, features[i]!));
      if (!live) return;
      const school = drawings.map((d) => ({ label: d.label, features: drawingFeatures.get(d.id)! }));
      setBuilt({ drawings, model: schoolModel(examples, school) });
    })().catch((error: unknown) => console.error('school doodle model failed', error));
    return () => {
      live = false;
    };
  }, [model, drawings]);

  if (!model || !drawings || drawings.length === 0) return { model: null, progress: null };
  if (built?.drawings === drawings) return { model: built.model, progress: null };
  return {
    model: built?.model ?? null,
    progress: { done: described?.drawings === drawings ? described.done : 0, total: drawings.length },
  };
}

/** The class's words a game may ask for. */
export function useSchoolWords(set: DoodleSet | undefined): string[] {
  return useMemo(() => (set ? schoolWords(set.labels) : []), [set]);
}
