import type { NearPoem } from '@ai-edu/ml/poet/nearest.ts';
import { usePoetTexts } from './use-poet-texts.ts';

/** A training poem with its longest piece in common marked. */
function Marked({ poem, run }: { poem: string; run: string }) {
  const at = run ? poem.indexOf(run) : -1;
  if (at < 0) return <>{poem}</>;
  return (
    <>
      {poem.slice(0, at)}
      <mark>{run}</mark>
      {poem.slice(at + run.length)}
    </>
  );
}

/** "Where did this come from?": the closest training poems and a verdict on copying. */
export function NearestView({
  matches,
  trainPoems,
  copiedRun,
}: {
  matches: NearPoem[] | undefined;
  trainPoems: number;
  /** A run this long in common counts as remembered (`POET_CORPORA`). */
  copiedRun: number;
}) {
  const { t, language } = usePoetTexts();
  if (!matches) {
    return (
      <p className="poet-muted">{t('nearest.searching', { count: trainPoems.toLocaleString(language) })}</p>
    );
  }
  if (matches.length === 0) return <p data-testid="poet-nearest-verdict">{t('nearest.none')}</p>;
  const longest = Math.max(...matches.map((m) => [...m.longestRun].length));
  return (
    <div className="poet-nearest" data-testid="poet-nearest">
      <p>{t('nearest.text')}</p>
      <ol>
        {matches.map((m) => (
          <li key={m.poem}>
            <span className="poet-nearest-poem">
              <Marked poem={m.poem} run={m.longestRun} />
            </span>
            <span className="poet-muted">
              {t('nearest.shared', { count: m.sharedPairs })} ·{' '}
              {t('nearest.run', { run: m.longestRun, count: [...m.longestRun].length })}
            </span>
          </li>
        ))}
      </ol>
      <p data-testid="poet-nearest-verdict">
        {longest >= copiedRun ? t('nearest.copied') : t('nearest.fresh')}
      </p>
    </div>
  );
}
