/**
 * What the run's models see: the camera's picture, each model's best guess with how sure it is, what the
 * built-in detectors find (how many faces; whether a body or hand is seen), how many times
 * a second it looks, and a link to the lab that explains it. Read from the session four times a second (the
 * guesses change with every frame; a screen reader hears the summary when it changes). Loaded with the first
 * run that uses a model.
 */
import { useCallback } from 'react';
import { Link } from 'react-router';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { programModelLabPath } from '../../../lib/program-model-labs.ts';
import { modelTexts } from './i18n.ts';
import { MODEL_TEXTS_NS } from './model-problems.ts';
import type { ModelSession } from './model-session.ts';
import { useRedrawEvery } from './use-redraw-every.ts';

const REFRESH_MS = 250;

/** The lab that explains each built-in detector. */
const DETECTOR_LABS = { face: 'faceAnalyze', pose: 'trainPose', hand: 'trainHandPose' } as const;

export default function ModelView({ session }: { session: ModelSession }) {
  const { t } = useFeatureTranslation(MODEL_TEXTS_NS, modelTexts);
  useRedrawEvery(REFRESH_MS, session);
  // The session's own <video> (it plays while the run lasts), shown here while the view is.
  const host = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      element.append(session.video);
      return () => session.video.remove();
    },
    [session],
  );

  const lines = session.refs.map((ref) => {
    const guess = session.guesses.get(ref.id);
    return {
      ref,
      text: guess
        ? t('sees', { model: ref.name, label: guess.label, percent: guess.percents.get(guess.label) ?? 0 })
        : t('looking', { model: ref.name }),
    };
  });

  return (
    <section className="make-models" aria-label={t('viewLabel')}>
      <div ref={host} className="make-model-camera" />
      {session.status === 'starting' && <p>{t('starting')}</p>}
      {session.status === 'live' && (
        <>
          <ul className="make-model-guesses" aria-live="polite">
            {lines.map(({ ref, text }) => (
              <li key={ref.id} data-model-id={ref.id}>
                {text}
                {ref.lab && (
                  <>
                    {' · '}
                    <Link to={programModelLabPath(ref.lab)}>{t('howItWorks', { model: ref.name })}</Link>
                  </>
                )}
              </li>
            ))}
            {session.detectors.map((name) => (
              <li
                key={name}
                data-detector={name}
                data-count={name === 'face' ? session.sight.faceCount() : undefined}
              >
                {name === 'face'
                  ? t('builtin.face', { count: session.sight.faceCount() })
                  : t(`builtin.${name}`, {
                      seen: t(session.sight.sees(name) ? 'builtin.yes' : 'builtin.no'),
                    })}
                {' · '}
                <Link to={`/ailab/${DETECTOR_LABS[name]}`}>{t('builtin.howItWorks')}</Link>
              </li>
            ))}
            {session.readsText && (
              <li data-read-text={session.lastText ?? ''}>
                {session.lastText === null
                  ? t('builtin.noText')
                  : t('builtin.text', { text: session.lastText })}
                {' · '}
                <Link to="/ailab/textKnow">{t('builtin.howItWorks')}</Link>
              </li>
            )}
          </ul>
          <p className="make-model-rate" data-rate={session.rate}>
            {t('rate', { rate: session.rate })}
          </p>
        </>
      )}
    </section>
  );
}
