/**
 * Flappy Bird: play it yourself, or watch a population of small neural networks learn it by evolution.
 * The simulation and the genetic algorithm are pure code in `@ai-edu/ml` (flappy, neuroevolution); this
 * chunk only draws them and offers the controls.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Segmented } from 'antd';
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { LabFrame } from '../../components/lab-frame.tsx';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { AiPanel } from './components/ai-panel.tsx';
import { EvolutionExplainer } from './components/evolution-explainer.tsx';
import { PlayPanel } from './components/play-panel.tsx';
import { Stage, type StageHandle } from './components/stage.tsx';
import { FlappyController, type RunSettings } from './game/controller.ts';
import { texts } from './i18n.ts';
import { FLAPPY_LAB, parseSeed, type Mode } from './meta.ts';
import './flappy-bird.css';

export default function FlappyBirdLab() {
  const { t } = useLabTranslation('flappyBird', texts);
  const [searchParams, setSearchParams] = useSearchParams();
  const [settings, setSettings] = useState<RunSettings>(() => ({
    seed: parseSeed(searchParams.get('seed')),
    populationSize: FLAPPY_LAB.population.default,
    mutationRate: FLAPPY_LAB.mutationRate.default,
  }));
  const [controller] = useState(() => new FlappyController(settings));
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const stage = useRef<StageHandle>(null);

  // The loop runs while the page is mounted and stops on unmount (and in StrictMode's trial unmount).
  useEffect(() => {
    controller.start();
    return () => controller.stop();
  }, [controller]);

  const changeSettings = (next: RunSettings) => {
    setSettings(next);
    controller.configure(next);
    if (next.seed !== settings.seed) {
      setSearchParams(
        (params) => {
          params.set('seed', String(next.seed));
          return params;
        },
        { replace: true },
      );
    }
  };

  const changeMode = (mode: Mode) => {
    controller.setMode(mode);
    // Space goes to the game, not to the switch that was just clicked.
    stage.current?.focus();
  };

  return (
    <LabFrame
      slug="flappyBird"
      className="fb-lab"
      extra={
        <Segmented<Mode>
          aria-label={t('mode.label')}
          value={snapshot.mode}
          onChange={changeMode}
          options={[
            { value: 'play', label: t('mode.play'), icon: <UserOutlined /> },
            { value: 'ai', label: t('mode.ai'), icon: <RobotOutlined /> },
          ]}
        />
      }
    >
      <div className="fb-main">
        <Stage ref={stage} controller={controller} snapshot={snapshot} />
        {snapshot.mode === 'play' ? (
          <PlayPanel
            snapshot={snapshot}
            seed={settings.seed}
            onSeed={(seed) => changeSettings({ ...settings, seed })}
            onTryAi={() => changeMode('ai')}
          />
        ) : (
          <AiPanel
            controller={controller}
            snapshot={snapshot}
            settings={settings}
            onSettings={changeSettings}
          />
        )}
      </div>
      <EvolutionExplainer />
    </LabFrame>
  );
}
