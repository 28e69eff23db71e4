import { movingAverage } from '@ai-edu/ml/rl/index.ts';
import { useLearningTexts } from './i18n.ts';
import { bucketMeans, linePath, plotRange, yOf, type PlotBox } from './reward-plot.ts';

const BOX: PlotBox = { width: 360, height: 170, padding: 22 };
/** Points drawn at most: beyond that, each point is the mean of a bucket of consecutive tries. */
const MAX_POINTS = 300;
/** Tries averaged for the smooth line. */
export const AVERAGE_WINDOW = 20;

/**
 * Reward per episode: the raw points (thin) and their moving average (thick), 0 marked, the episode count.
 * `data-rewards` holds the plotted points as JSON (each the mean of `data-bucket` tries), for tests and tools.
 */
export function RewardPlot({ rewards }: { rewards: readonly number[] }) {
  const { t } = useLearningTexts();
  const { points, bucket } = bucketMeans(rewards, MAX_POINTS);
  const average = bucketMeans(movingAverage(rewards, AVERAGE_WINDOW), MAX_POINTS).points;
  const range = plotRange(rewards);
  const zero = yOf(0, range, BOX);
  const last = rewards.at(-1);
  return (
    <figure className="learning-plot">
      <figcaption>
        <strong>{t('plot.title')}</strong>
        <span className="learning-plot-key">
          <i className="learning-key-raw" aria-hidden /> {t('plot.raw')}
          <i className="learning-key-average" aria-hidden /> {t('plot.average', { window: AVERAGE_WINDOW })}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={
          last === undefined ? t('plot.empty') : t('plot.label', { episodes: rewards.length, reward: last })
        }
        data-episodes={rewards.length}
        data-bucket={bucket}
        data-rewards={JSON.stringify(points.map((p) => Math.round(p * 100) / 100))}
      >
        <rect x="0" y="0" width={BOX.width} height={BOX.height} rx="10" fill="#f7f8fc" />
        <line
          x1={BOX.padding}
          x2={BOX.width - BOX.padding}
          y1={zero}
          y2={zero}
          stroke="#b8bccf"
          strokeDasharray="4 4"
        />
        <text x={4} y={zero + 4} fontSize="10" fill="#5b5f73">
          0
        </text>
        <text x={4} y={BOX.padding - 6} fontSize="10" fill="#5b5f73">
          {Math.round(range[1])}
        </text>
        <text x={4} y={BOX.height - 6} fontSize="10" fill="#5b5f73">
          {Math.round(range[0])}
        </text>
        <path d={linePath(points, range, BOX)} fill="none" stroke="#9aa5ff" strokeWidth="1.2" />
        <path d={linePath(average, range, BOX)} fill="none" stroke="#ff7a59" strokeWidth="3" />
        <text x={BOX.width - BOX.padding} y={BOX.height - 6} fontSize="10" fill="#3d4160" textAnchor="end">
          {t('plot.episodes', { episodes: rewards.length })}
        </text>
        {last === undefined && (
          <text x={BOX.width / 2} y={BOX.height / 2 - 10} fontSize="10" fill="#5b5f73" textAnchor="middle">
            {t('plot.empty')}
          </text>
        )}
      </svg>
    </figure>
  );
}
