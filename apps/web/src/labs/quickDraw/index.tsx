/**
 * The doodle game (quickDraw): the computer names one of the things it knows, the student has 20 seconds to
 * draw it, and the computer says what it sees as the drawing grows until it gets it; six rounds, then a
 * summary with the computer's top 3 for each drawing. "How it works" shows the 28 × 28 picture the network
 * reads, its top 5 and drawings it trained on. With their consent, students share a game's drawings with
 * their school's own set, and "our school's model" (the network's description of a drawing + the nearest
 * school drawings) learns the class's own words in the browser. The network runs on TF.js's CPU backend,
 * from our own origin (features/doodles).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Spin, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { DownloadProgress } from '../../components/download-progress.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { RoundView, seeingText } from './components/round-view.tsx';
import { SchoolSetPanel } from './components/school-set-panel.tsx';
import { SharePanel } from './components/share-panel.tsx';
import { StartScreen } from './components/start-screen.tsx';
import { Summary } from './components/summary.tsx';
import { nameWithArticle, randomSeed, seedFromQuery, targetKey } from './game.ts';
import { SLUG } from './meta.ts';
import { readDrawing, type Reading } from './reading.ts';
import { useDoodleModel } from './use-doodle-model.ts';
import { useGame } from './use-game.ts';
import { useSchoolModel, useSchoolSet, useSchoolWords } from './use-school-set.ts';
import { useSpeech } from './use-speech.ts';
import { useTexts } from './use-texts.ts';
import './quick-draw.css';

type TabKey = 'play' | 'school';

export default function QuickDrawLab() {
  const { t, lang } = useTexts();
  const { state, downloads, retry } = useDoodleModel();
  const model = state.status === 'ready' ? state.model : null;
  const { query, refresh } = useSchoolSet();
  const school = useSchoolModel(model, query.data);
  const words = useSchoolWords(query.data);
  const speech = useSpeech(lang);
  const { say } = speech;
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<TabKey>('play');
  const [played, setPlayed] = useState(false);
  const [inspected, setInspected] = useState<number | null>(null);

  const read = useCallback(
    (input: Float32Array): Reading => {
      if (!model) throw new Error('the doodle network is not loaded');
      return readDrawing(model, school.model, input);
    },
    [model, school.model],
  );
  const onSay = useCallback((keys: string[]) => say(seeingText(t, keys, lang)), [say, t, lang]);
  const game = useGame({ read, onSay });

  // The end of a round is said aloud too.
  const { lastRound } = game;
  useEffect(() => {
    if (!lastRound || lastRound.outcome === 'skipped') return;
    say(
      lastRound.outcome === 'guessed'
        ? t('round.got', { thing: nameWithArticle(targetKey(lastRound.target), lang) })
        : t('round.missed'),
    );
  }, [lastRound, say, t, lang]);

  const play = () => {
    // The address's ?seed= replays a game: the first one played on this page.
    const seed = (!played && seedFromQuery(`?${searchParams.toString()}`)) || randomSeed();
    setPlayed(true);
    setInspected(null);
    // The class's words are asked for once the school's model knows them.
    game.start(seed, school.model ? words : []);
  };

  const membership = query.data?.membership;
  const setState = { data: query.data, error: query.error, loading: query.isPending };
  const schoolDrawings = query.data?.drawings ?? [];

  const playTab = !model ? null : game.phase === 'start' ? (
    <StartScreen schoolWords={school.model ? words : []} onPlay={play} disabled={!model} />
  ) : game.phase === 'summary' ? (
    <div className="qd-summary-layout">
      <div className="qd-summary-main">
        <Summary
          rounds={game.finished}
          seed={game.seed}
          inspected={inspected}
          onInspect={setInspected}
          onPlayAgain={play}
        />
        <SharePanel rounds={game.finished} set={setState} onShared={() => void refresh()} />
      </div>
      {inspected !== null && (
        <HowItWorks
          reading={game.finished[inspected]?.reading ?? null}
          model={model}
          schoolDrawings={schoolDrawings}
          schoolModel={school.model !== null}
        />
      )}
    </div>
  ) : (
    <div className="qd-play">
      <RoundView game={game} speech={speech} />
      <HowItWorks
        reading={game.reading}
        model={model}
        schoolDrawings={schoolDrawings}
        schoolModel={school.model !== null}
      />
    </div>
  );

  return (
    <LabFrame slug={SLUG} tip={t('tip')} className="qd-lab">
      {state.status === 'error' && (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          action={<Button onClick={retry}>{t('retry')}</Button>}
        />
      )}
      {state.status === 'loading' && (
        <div className="qd-loading" role="status">
          <Spin />
          <span>{t('loading')}</span>
          <DownloadProgress source={downloads} />
        </div>
      )}
      {model && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            { key: 'play', label: t('tabs.play'), children: playTab },
            ...(membership === 'student' || membership === 'school'
              ? [
                  {
                    key: 'school',
                    label: t('tabs.school'),
                    children: (
                      <SchoolSetPanel set={setState} school={school} onChanged={() => void refresh()} />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" className="qd-credit">
        {t('credit')}
      </Typography.Paragraph>
    </LabFrame>
  );
}
