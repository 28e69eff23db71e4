/**
 * What the run's microphone hears: which sound model listens for which words, and the last word heard
 * (`data-heard-word` for tests), with a link to the lab that explains it. Read from the session four times a
 * second, as the models' view is. Loaded with the first run that listens.
 */
import { Link } from 'react-router';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { modelTexts } from './i18n.ts';
import { MODEL_TEXTS_NS } from './model-problems.ts';
import type { HearingSession } from './hearing-session.ts';
import { useRedrawEvery } from './use-redraw-every.ts';

const REFRESH_MS = 250;

export default function HearingView({ session }: { session: HearingSession }) {
  const { t } = useFeatureTranslation(MODEL_TEXTS_NS, modelTexts);
  useRedrawEvery(REFRESH_MS, session);
  if (session.status === 'failed') return null;
  const { model, lastWord } = session;

  return (
    <section className="make-hearing" aria-label={t('hearing.label')} data-hearing={session.status}>
      {session.status === 'starting' || !model ? (
        <p>{t('hearing.starting')}</p>
      ) : (
        <>
          <p>
            {t('hearing.listening', { model: model.name, words: model.words.join(', ') })}
            {' · '}
            <Link to="/ailab/trainAudio">{t('hearing.howItWorks')}</Link>
          </p>
          <p aria-live="polite" data-heard-word={lastWord}>
            {lastWord ? t('hearing.heard', { word: lastWord }) : t('hearing.nothing')}
          </p>
        </>
      )}
    </section>
  );
}
