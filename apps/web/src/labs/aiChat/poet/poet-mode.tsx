/**
 * The tiny poet (aiChat's offline mode, issue 28): type the start of a poem, watch a 0.8-million-parameter
 * Transformer continue it character by character with its top 5 choices at every step, turn the dials that
 * shape its dice, see where it looked and which training poems are closest, and fine-tune it on the class's
 * own texts. Two poets: one learnt Chinese quatrains, one Shakespeare's sonnets (`?poet=en`). Everything
 * runs in the page's worker; nothing is sent anywhere and nothing is charged.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Collapse, Input, Segmented, Slider, Space, Tag, Typography } from 'antd';
import { EditOutlined, StopOutlined } from '@ant-design/icons';
import { DEFAULT_DIALS, TEMPERATURE_RANGE, TOP_K_RANGE, type WritingDials } from '@ai-edu/ml/poet/writing.ts';
import { ModelLoadView } from '../../../components/model-load-view.tsx';
import { useSearchParam } from '../../../lib/use-search-param.ts';
import { AttentionView, attentionWhileWriting, type AttentionPick } from './attention-view.tsx';
import { BiggerModels } from './bigger-models.tsx';
import { POET_CORPORA, poetCorpusOf, type PoetCorpusId } from './corpora.ts';
import { FineTuneCard } from './fine-tune-card.tsx';
import { NearestView } from './nearest-view.tsx';
import { ChoicesView, PoemView } from './poem-view.tsx';
import { usePoet } from './use-poet.ts';
import { usePoetTexts } from './use-poet-texts.ts';
import './poet.css';

/** Time between two characters: slow enough to watch each choice, or as fast as the computer can. */
const PACES = { watch: 150, fast: 0 } as const;
type Pace = keyof typeof PACES;

export function PoetMode() {
  const { t } = usePoetTexts();
  const [asked, choose] = useSearchParam('poet');
  const corpus = poetCorpusOf(asked);
  return (
    <div className="poet-mode" data-testid="poet-mode" data-corpus={corpus}>
      <div className="poet-corpus">
        <span id="poet-corpus-label">{t('corpus.label')}</span>
        <Segmented<PoetCorpusId>
          aria-labelledby="poet-corpus-label"
          value={corpus}
          onChange={choose}
          options={[
            { value: 'zh', label: t('corpus.zh') },
            { value: 'en', label: t('corpus.en') },
          ]}
        />
      </div>
      {/* A fresh studio (and worker) per poet: nothing written by one carries over to the other. */}
      <PoetStudio key={corpus} corpus={corpus} />
    </div>
  );
}

function PoetStudio({ corpus }: { corpus: PoetCorpusId }) {
  const { t, language } = usePoetTexts();
  const { source, examples, charsPerPiece, copiedRun } = POET_CORPORA[corpus];
  const { model, state, downloads, retry, write, stop, fineTune, reset } = usePoet(source);
  const [start, setStart] = useState('');
  const [dials, setDials] = useState<WritingDials>(DEFAULT_DIALS);
  const [selected, setSelected] = useState<number | null>(null);
  const [pick, setPick] = useState<AttentionPick>({ layer: 1, head: 'all' });
  const [pace, setPace] = useState<Pace>('watch');
  const maxStart = (model.info?.maxChars ?? 33) - 1;

  const begin = (text = start) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setStart(trimmed);
    setSelected(null);
    write([...trimmed].slice(0, maxStart).join(''), dials, PACES[pace]);
  };

  // The step shown: the one picked, else the latest written (live while writing).
  const lastWritten = state.poem.findLastIndex((c) => c.written);
  const shownIndex = selected !== null && state.poem[selected]?.written ? selected : lastWritten;
  const shownStep = shownIndex >= 0 ? state.poem[shownIndex] : undefined;
  const shade = useMemo(() => {
    if (!state.attention || selected === null || !state.poem[selected]?.written) return undefined;
    const weights = attentionWhileWriting(state.attention, selected, pick);
    const max = Math.max(1e-6, ...weights);
    // Weight j is of token j: the start mark, then poem character j − 1.
    return state.poem.map((_, i) => (i < selected ? (weights[i + 1] ?? 0) / max : 0));
  }, [state.attention, state.poem, selected, pick]);

  if (model.status !== 'ready' || !model.info) {
    return (
      <ModelLoadView model={model} downloads={downloads} onRetry={retry} t={t} className="poet-loading" />
    );
  }
  const info = model.info;
  const setName = (set: string) =>
    set === 'tang' || set === 'song' || set === 'sonnets' ? t(`about.sets.${set}`) : set;
  const blind = Math.log2(info.alphabet).toFixed(1);
  const written = state.poem.some((c) => c.written);
  const busy = state.writing || state.tuning?.running === true;

  return (
    <>
      <Alert
        type="info"
        showIcon
        className="poet-about"
        title={t('about.title')}
        description={
          <>
            <p>
              {t(`about.text.${corpus}`, {
                parameters: info.parameters.toLocaleString(language),
                poems: info.trainPoems.toLocaleString(language),
              })}
            </p>
            {info.heldOut.length > 0 && (
              <p className="poet-muted" data-testid="poet-held-out">
                {t('about.figures', {
                  bits: info.heldOut
                    .map(({ set, bits }) =>
                      info.heldOut.length === 1 ? bits.toFixed(1) : `${bits.toFixed(1)} (${setName(set)})`,
                    )
                    .join(', '),
                  alphabet: info.alphabet,
                  blind,
                })}
              </p>
            )}
            <p className="poet-muted">{t(`about.credit.${corpus}`)}</p>
          </>
        }
      />
      <div className="poet-columns">
        <Card className="poet-main" title={t('poem.title')}>
          <Space.Compact className="poet-start">
            <Input
              value={start}
              onChange={(e) => setStart(e.target.value)}
              onPressEnter={() => !busy && begin()}
              placeholder={t(`start.placeholder.${corpus}`)}
              aria-label={t('start.label')}
              maxLength={maxStart}
              disabled={state.writing}
            />
            {state.writing ? (
              <Button icon={<StopOutlined />} onClick={stop}>
                {t('stop')}
              </Button>
            ) : (
              <Button
                type="primary"
                icon={<EditOutlined />}
                disabled={busy || !start.trim()}
                onClick={() => begin()}
              >
                {written ? t('writeAgain') : t('write')}
              </Button>
            )}
          </Space.Compact>
          <Space wrap size={4} className="poet-examples">
            <Typography.Text type="secondary">{t('start.examples')}</Typography.Text>
            {examples.map((example) => (
              <Tag.CheckableTag key={example} checked={false} onChange={() => !busy && begin(example)}>
                {example}
              </Tag.CheckableTag>
            ))}
          </Space>
          {state.poem.length === 0 ? (
            <p className="poet-muted">{t('poem.empty')}</p>
          ) : (
            <PoemView poem={state.poem} selected={selected} onSelect={setSelected} shade={shade} />
          )}
          <div className="poet-legend poet-muted">
            <span className="poet-char-yours">{t('poem.yours')}</span>
            <span className="poet-char-written">{t('poem.written')}</span>
          </div>
          {state.ended && (
            <p className="poet-ended" data-testid="poet-ended">
              {state.ended === 'end'
                ? t('poem.end')
                : state.ended === 'length'
                  ? t('poem.length', { count: state.poem.length })
                  : t('poem.stopped')}
              {state.speed && state.speed.chars > 0 && (
                <span
                  className="poet-speed poet-muted"
                  data-chars-per-second={(state.speed.chars / state.speed.seconds).toFixed(1)}
                >
                  {' '}
                  {t('poem.speed', {
                    count: state.speed.chars,
                    seconds: state.speed.seconds.toFixed(2),
                    rate: Math.round(state.speed.chars / state.speed.seconds),
                  })}
                </span>
              )}
            </p>
          )}
          {state.unknown.length > 0 && (
            <Alert type="warning" showIcon title={t('poem.unknown', { chars: state.unknown.join(' ') })} />
          )}
          {state.problem?.kind === 'error' && (
            <Alert type="error" showIcon title={t('error', { message: state.problem.message })} />
          )}
          <ChoicesView
            choices={shownStep?.choices}
            title={
              state.writing && selected === null
                ? t('choices.live')
                : t('choices.title', { n: shownIndex + 1 })
            }
          />
          {written && !state.writing && <p className="poet-muted">{t('choices.hint')}</p>}
          {state.attention && selected !== null && state.poem[selected]?.written && (
            <AttentionView attention={state.attention} index={selected} pick={pick} onPick={setPick} />
          )}
        </Card>
        <Card className="poet-dials" title={t('dials.title')}>
          <p>{t('dials.text')}</p>
          <label className="poet-dial">
            <span>
              {t('dials.temperature')}: <strong>{dials.temperature.toFixed(1)}</strong>
            </span>
            <Slider
              min={TEMPERATURE_RANGE.min}
              max={TEMPERATURE_RANGE.max}
              step={0.1}
              value={dials.temperature}
              onChange={(temperature) => setDials((d) => ({ ...d, temperature }))}
              aria-label={t('dials.temperature')}
            />
          </label>
          <p className="poet-muted">{t('dials.temperatureHelp')}</p>
          <label className="poet-dial">
            <span>
              {t('dials.topK')}: <strong>{dials.topK}</strong>
            </span>
            <Slider
              min={TOP_K_RANGE.min}
              max={TOP_K_RANGE.max}
              value={dials.topK}
              onChange={(topK) => setDials((d) => ({ ...d, topK }))}
              aria-label={t('dials.topK')}
            />
          </label>
          <p className="poet-muted">{t('dials.topKHelp')}</p>
          <div className="poet-dial">
            <span>{t('dials.pace')}</span>
            <Segmented<Pace>
              block
              value={pace}
              onChange={setPace}
              aria-label={t('dials.pace')}
              options={[
                { value: 'watch', label: t('dials.paceWatch') },
                { value: 'fast', label: t('dials.paceFast') },
              ]}
            />
          </div>
        </Card>
      </div>
      <Collapse
        className="poet-more"
        defaultActiveKey={['nearest']}
        items={[
          ...(written && !state.writing
            ? [
                {
                  key: 'nearest',
                  label: t('nearest.title'),
                  children: (
                    <NearestView matches={state.nearest} trainPoems={info.trainPoems} copiedRun={copiedRun} />
                  ),
                },
              ]
            : []),
          {
            key: 'tune',
            label: t('tune.title'),
            children: (
              <FineTuneCard
                corpus={corpus}
                tuning={state.tuning}
                tuned={state.tuned}
                problem={state.problem}
                busy={busy}
                onTune={fineTune}
                onStop={stop}
                onReset={reset}
              />
            ),
          },
          {
            key: 'bigger',
            label: t('bigger.title'),
            children: <BiggerModels info={info} charsPerPiece={charsPerPiece} />,
          },
        ]}
      />
    </>
  );
}
