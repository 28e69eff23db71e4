import { Segmented } from 'antd';
import type { PoetAttention } from '@ai-edu/ml/poet/runtime.ts';
import { percent, usePoetTexts } from './use-poet-texts.ts';

/** Which attention to show: a layer, and one head or all of them averaged. */
export interface AttentionPick {
  layer: number;
  head: number | 'all';
}

/**
 * How much the poet looked at each token while writing poem character `index` (the row of the token before
 * it: the start mark for the first character), one weight per token from the start mark on.
 */
export function attentionWhileWriting(
  attention: PoetAttention,
  index: number,
  pick: AttentionPick,
): number[] {
  const heads = attention.layers[pick.layer] ?? [];
  const rows = pick.head === 'all' ? heads.map((h) => h[index]) : [heads[pick.head]?.[index]];
  const width = index + 1;
  const sum = new Array<number>(width).fill(0);
  let count = 0;
  for (const row of rows) {
    if (!row) continue;
    count++;
    for (let j = 0; j < width; j++) sum[j] = sum[j]! + (row[j] ?? 0);
  }
  return count ? sum.map((v) => v / count) : sum;
}

export interface AttentionViewProps {
  attention: PoetAttention;
  /** The poem character picked (its index in the poem). */
  index: number;
  pick: AttentionPick;
  onPick: (pick: AttentionPick) => void;
}

/** The layer and head switches, and the weights of the picked character's step in words. */
export function AttentionView({ attention, index, pick, onPick }: AttentionViewProps) {
  const { t, language } = usePoetTexts();
  const heads = attention.layers[0]?.length ?? 0;
  const weights = attentionWhileWriting(attention, index, pick);
  const char = attention.tokens[index + 1] ?? '';
  const ranked = weights
    .map((w, j) => ({ w, label: j === 0 ? t('attention.start') : attention.tokens[j]! }))
    .sort((a, b) => b.w - a.w)
    .slice(0, 3);
  return (
    <section className="poet-attention" data-testid="poet-attention" aria-label={t('attention.title')}>
      <h4>{t('attention.title')}</h4>
      <p className="poet-muted">{t('attention.text')}</p>
      <div className="poet-attention-switches">
        <Segmented<number>
          size="small"
          value={pick.layer}
          onChange={(layer) => onPick({ ...pick, layer })}
          options={attention.layers.map((_, l) => ({ value: l, label: t('attention.layer', { n: l + 1 }) }))}
        />
        <Segmented<number | 'all'>
          size="small"
          value={pick.head}
          onChange={(head) => onPick({ ...pick, head })}
          options={[
            { value: 'all', label: t('attention.allHeads') },
            ...Array.from({ length: heads }, (_, h) => ({
              value: h,
              label: t('attention.head', { n: h + 1 }),
            })),
          ]}
        />
      </div>
      <p>
        {t('attention.from', { char })}{' '}
        {ranked
          .map((r) => t('attention.weight', { char: r.label, percent: percent(r.w, language) }))
          .join(' · ')}
      </p>
    </section>
  );
}
