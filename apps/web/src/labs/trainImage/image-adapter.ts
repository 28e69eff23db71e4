/** The image trainer's input: a camera frame or a photo → its backbone embedding (see backbone.ts). */
import type * as TF from '@tensorflow/tfjs';
import type { Tf } from '@ai-edu/ml/trainer/index.ts';
import type { InputAdapter } from '../../features/trainer/types.ts';
import { sourceSize } from '../../features/trainer/media.ts';
import { visionTf } from '../../lib/vision/human.ts';
import type { DownloadTracker } from '../../lib/download-progress.ts';
import {
  backboneDownloads,
  embed,
  EXTRACTOR_ID,
  FEATURE_SIZE,
  INPUT_SIZE,
  loadBackbone,
} from './backbone.ts';

export function createImageAdapter(): InputAdapter {
  let tf: Tf | null = null;
  let model: Promise<TF.GraphModel> | null = null;
  let downloads: DownloadTracker | null = null;
  return {
    kind: 'image',
    extractor: EXTRACTOR_ID,
    featureSize: FEATURE_SIZE,
    async load(onDownloads) {
      const ready = await visionTf();
      tf = ready;
      if (!model) {
        const tracker = backboneDownloads();
        downloads = tracker;
        const loading = loadBackbone(ready, tracker)
          .finally(() => tracker.finish())
          .then(async (m) => {
            // The first run compiles kernels; done now so the first recorded frame is not the slow one.
            const warm = ready.zeros([1, INPUT_SIZE, INPUT_SIZE, 3]);
            const out = m.execute(warm, 'tower_0/extern1/hard_swish/mul_1') as TF.Tensor;
            await out.data();
            ready.dispose([warm, out]);
            return m;
          });
        loading.catch(() => {
          if (model === loading) model = null;
        });
        model = loading;
      }
      if (downloads) onDownloads?.(downloads);
      await model;
      return ready;
    },
    async extract(source) {
      if (!tf || !model) throw new Error('image model not loaded');
      const { width, height } = sourceSize(source);
      if (width === 0 || height === 0) return null;
      return { features: await embed(tf, await model, source, width, height) };
    },
    dispose() {
      const pending = model;
      model = null;
      void pending?.then((m) => m.dispose()).catch(() => undefined);
    },
  };
}
