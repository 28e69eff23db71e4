/**
 * Neural-network playground: training epochs per second in Node for the lab's typical network (circle data,
 * features x1 and x2, two hidden layers of 4 tanh neurons, batch 10, 250 training points per epoch, losses
 * on all 500 points after each epoch — exactly what one animation frame of the lab does), and heat-map
 * frames per second (every neuron's 40 × 40 map, what the lab draws after each epoch).
 */
import {
  computeHeatmaps,
  defaultSettings,
  Playground,
  type PlaygroundSettings,
} from '../../../packages/ml/src/nn/index.ts';
import { rate } from '../rate.ts';

export const name = 'neural-network playground';

export async function run(settings: { durationSec: number }) {
  const seconds = Math.max(1, settings.durationSec / 2);
  const experiment: PlaygroundSettings = {
    ...defaultSettings(),
    dataset: 'circle',
    features: ['x1', 'x2'],
    hiddenLayers: [4, 4],
    activation: 'tanh',
    batchSize: 10,
    learningRate: 0.03,
  };
  const pg = new Playground(experiment);
  const trainPoints = pg.train.length;
  // Warm up the JIT, then measure; restart now and then so the history does not grow without bound.
  rate(0.2, 10, () => pg.step());
  const epochsPerSec = rate(seconds, 10, () => {
    if (pg.epoch >= 2000) pg.restart();
    pg.step();
  });

  const resolution = 40;
  rate(0.2, 5, () => computeHeatmaps(pg.network, experiment.features, resolution));
  const mapsPerSec = rate(seconds, 5, () => computeHeatmaps(pg.network, experiment.features, resolution));

  return [
    {
      label: 'training epochs/s (2×4 tanh, batch 10)',
      value: epochsPerSec,
      unit: 'epochs/s',
      note: `${Math.round(epochsPerSec * trainPoints).toLocaleString('en-US')} examples/s forward+back, ${Math.round(
        (epochsPerSec * trainPoints) / experiment.batchSize,
      ).toLocaleString('en-US')} weight updates/s; each epoch also scores all 500 points`,
    },
    {
      label: `heat-map frames/s (${resolution}×${resolution}, all neurons)`,
      value: mapsPerSec,
      unit: 'frames/s',
      note: `${Math.round(mapsPerSec * resolution * resolution).toLocaleString('en-US')} forward passes/s`,
    },
  ];
}
