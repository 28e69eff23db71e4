/**
 * Neural-network playground (issue 5): pick a data set and features, shape the hidden layers, press play and
 * watch a small network learn — the decision boundary, every neuron's heat map and the loss curves update
 * as it trains. The maths is `@ai-edu/ml/nn` (no DOM); every setting lives in the query string so a teacher
 * can share an experiment as a link.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { settingsFromQuery, type PlaygroundSettings } from '@ai-edu/ml/nn/index.ts';
import { LabFrame } from '../../components/lab-frame.tsx';
import { DataPanel, type DrawClass } from './components/data-panel.tsx';
import { LearnSection } from './components/learn-section.tsx';
import { NetworkDiagram } from './components/network-diagram.tsx';
import { OutputPanel } from './components/output-panel.tsx';
import { RunBar, ShareButton } from './components/run-bar.tsx';
import { presetSettings, SLUG, type PresetId } from './meta.ts';
import { PlaygroundStore } from './playground-store.ts';
import { withSettings } from './url.ts';
import { StoreContext, useTexts } from './use-lab.ts';
import './neural-networks.css';

const NAVIGATE = { replace: true, preventScrollReset: true } as const;

/** Whether `query` already shows exactly `settings`. */
const shows = (query: string, settings: PlaygroundSettings) =>
  withSettings(new URLSearchParams(query), settings).toString() === query;

export default function NeuralNetworksLab() {
  const { t } = useTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  // The settings render from state at once (a router navigation renders in a transition, which the
  // animation could hold up) and are mirrored into the URL; bad values in a link read as their defaults.
  const [settings, setSettings] = useState(() => settingsFromQuery(query));
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    // The address changed from outside (back, forward, a link inside the app): it wins.
    setSeenQuery(query);
    if (!shows(query, settings)) setSettings(settingsFromQuery(query));
  }
  const [store] = useState(() => new PlaygroundStore(settings));
  const [selected, setSelected] = useState<string | null>(null);
  const [drawClass, setDrawClass] = useState<DrawClass>(1);

  useEffect(() => store.setSettings(settings), [store, settings]);
  useEffect(() => () => store.dispose(), [store]);

  // Mirror the settings into the address bar (also the defaults on a bare link, and corrected bad values).
  useEffect(() => {
    if (!shows(query, settings))
      setSearchParams(withSettings(new URLSearchParams(query), settings), NAVIGATE);
  }, [query, settings, setSearchParams]);

  const onChange = useCallback((patch: Partial<PlaygroundSettings>) => {
    if (patch.features || patch.hiddenLayers) setSelected(null);
    setSettings((current) => ({ ...current, ...patch }));
  }, []);

  const onPreset = useCallback(
    (id: PresetId) => {
      const next = presetSettings(id, settings);
      setSelected(null);
      setSettings(next);
      store.load(next);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [store, settings],
  );

  return (
    <LabFrame slug={SLUG} tip={t('tip')} extra={<ShareButton />}>
      <StoreContext.Provider value={store}>
        <div className="nn-lab">
          <RunBar settings={settings} onChange={onChange} />
          <div className="nn-main">
            <DataPanel
              settings={settings}
              onChange={onChange}
              drawClass={drawClass}
              onDrawClass={setDrawClass}
            />
            <NetworkDiagram
              settings={settings}
              onChange={onChange}
              selected={selected}
              onSelect={setSelected}
            />
            <OutputPanel
              settings={settings}
              onChange={onChange}
              selected={selected}
              onSelect={setSelected}
              drawClass={drawClass}
            />
          </div>
          <LearnSection onPreset={onPreset} />
        </div>
      </StoreContext.Provider>
    </LabFrame>
  );
}
