/** The lab's own facts: where the handwriting network is served, how big it is. */
import { MATH_MODEL_BASE_URL, MATH_MODEL_FILE } from '@ai-edu/ml/math/symbol-model.ts';
import { modelBytes, modelUrl } from '../../lib/model-assets.ts';
import { sumKnown } from '../../lib/download-progress.ts';

export const SLUG = 'photoAndMath';

const base = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${modelUrl(MATH_MODEL_BASE_URL)}`;
export const MODEL_URL = `${base}${MATH_MODEL_FILE}`;
export const MODEL_BYTES = sumKnown([
  modelBytes(`${MATH_MODEL_BASE_URL}${MATH_MODEL_FILE}`),
  modelBytes(`${MATH_MODEL_BASE_URL}weights.bin`),
]);
