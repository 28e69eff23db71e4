/**
 * The tiny painter (textToImage's offline mode, issue 28): pick one of the 40 doodle things, a noise seed and
 * a guidance strength, and watch a 1.4-million-parameter diffusion model paint it out of noise; scrub or play
 * every step (the picture and what the network was aiming at), save it to the gallery (free) or download
 * it. Everything runs in the page's worker; nothing is charged.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  InputNumber,
  Progress,
  Segmented,
  Select,
  Slider,
  Space,
  Tag,
} from 'antd';
import { DownloadOutlined, FormatPainterOutlined, SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { paintingSchema } from '@ai-edu/contract';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { ModelLoadView } from '../../../components/model-load-view.tsx';
import { callApi } from '../../../lib/api-request.ts';
import { blobDataUrl } from '../../../lib/blob-data-url.ts';
import { toast } from '../../../lib/toast.ts';
import { galleryKey } from '../api.ts';
import { BiggerPainters } from './bigger-painters.tsx';
import { DenoisingStrip } from './denoising-strip.tsx';
import { pictureBlob } from './picture.ts';
import { PictureCanvas } from './picture-canvas.tsx';
import type { PainterInfo, Recognised } from './protocol.ts';
import { usePainter, type Painted } from './use-painter.ts';
import { usePainterTexts } from './use-painter-texts.ts';
import './painter.css';

const STEP_CHOICES = [10, 20, 40] as const;
const GUIDANCE_RANGE = { min: 0, max: 8, step: 0.5 } as const;
const MAX_SEED = 99_999;
/** Pixels on a side of the big pictures, and of the PNG saved or downloaded. */
const BIG_SIZE = 280;

const newSeed = () => Math.floor(Math.random() * (MAX_SEED + 1));

/** The doodle category's name in the page's language. */
function useThingName() {
  const { language } = usePainterTexts();
  return (id: string) => {
    const category = DOODLE_CATEGORIES.find((c) => c.id === id);
    return category ? (language === 'en' ? category.en : category.zh) : id;
  };
}

export function PainterMode() {
  const { t, language, percent } = usePainterTexts();
  const { model, state, downloads, paint, retry } = usePainter();
  const thingName = useThingName();
  const [classIndex, setClassIndex] = useState<number | null>(null);
  const [seed, setSeed] = useState(newSeed);
  const [guidance, setGuidance] = useState<number | null>(null);
  const [steps, setSteps] = useState<number | null>(null);

  if (model.status !== 'ready' || !model.info) {
    return (
      <ModelLoadView model={model} downloads={downloads} onRetry={retry} t={t} className="painter-loading" />
    );
  }
  const info = model.info;
  const chosen = classIndex ?? Math.max(0, info.categories.indexOf('cat'));
  const chosenGuidance = guidance ?? info.defaults.guidance;
  const chosenSteps = steps ?? info.defaults.steps;
  const painting = state.painting !== undefined;
  const chosenId = info.categories[chosen] ?? '';
  const reliability = info.perCategory[chosenId];

  return (
    <div className="painter-mode" data-testid="painter-mode">
      <Alert
        type="info"
        showIcon
        className="painter-about"
        title={t('about.title')}
        description={
          <>
            <p>
              {t('about.text', {
                parameters: info.parameters.toLocaleString(language),
                pictures: info.trainingPictures.toLocaleString(language),
              })}
            </p>
            <p className="painter-muted">
              {t('about.figures', {
                share: percent(info.recognised),
                seconds: state.painted ? state.painted.seconds.toFixed(1) : '1–2',
              })}
            </p>
          </>
        }
      />
      <div className="painter-columns">
        <Card className="painter-form" title={t('what.label')}>
          <Select
            showSearch
            className="painter-thing"
            aria-label={t('what.label')}
            placeholder={t('what.placeholder')}
            value={chosen}
            onChange={setClassIndex}
            disabled={painting}
            optionFilterProp="label"
            options={info.categories.map((id, index) => ({ value: index, label: thingName(id) }))}
          />
          {reliability !== undefined && (
            <p className="painter-muted">{t('what.reliability', { share: percent(reliability) })}</p>
          )}

          <label className="painter-label" htmlFor="painter-seed">
            {t('seed.label')}
          </label>
          <Space.Compact>
            <InputNumber
              id="painter-seed"
              min={0}
              max={MAX_SEED}
              precision={0}
              value={seed}
              onChange={(value) => setSeed(value ?? 0)}
              disabled={painting}
            />
            <Button icon={<SyncOutlined />} onClick={() => setSeed(newSeed())} disabled={painting}>
              {t('seed.dice')}
            </Button>
          </Space.Compact>
          <p className="painter-muted">{t('seed.help')}</p>

          <span className="painter-label" id="painter-guidance">
            {t('guidance.label')}: {chosenGuidance}
          </span>
          <Slider
            {...GUIDANCE_RANGE}
            value={chosenGuidance}
            onChange={setGuidance}
            disabled={painting}
            marks={{ 0: '0', 1: '1', [info.defaults.guidance]: String(info.defaults.guidance), 8: '8' }}
            ariaLabelledByForHandle="painter-guidance"
          />
          <p className="painter-muted">{t('guidance.help')}</p>

          <span className="painter-label" id="painter-steps">
            {t('steps.label')}
          </span>
          <Segmented<number>
            aria-labelledby="painter-steps"
            value={chosenSteps}
            onChange={setSteps}
            disabled={painting}
            options={STEP_CHOICES.map((n) => ({ value: n, label: String(n) }))}
          />
          <p className="painter-muted">{t('steps.help')}</p>

          <Button
            type="primary"
            size="large"
            block
            icon={<FormatPainterOutlined />}
            loading={painting}
            onClick={() => paint({ classIndex: chosen, seed, guidance: chosenGuidance, steps: chosenSteps })}
          >
            {state.painting
              ? t('painting', { done: state.painting.done, total: state.painting.total })
              : t('paint')}
          </Button>
          <p className="painter-muted">{t('free')}</p>
        </Card>

        <Card className="painter-canvas" title={t('strip.title')}>
          {state.problem && <Alert type="error" showIcon title={t('failed', { message: state.problem })} />}
          {state.painting && (
            <Progress
              percent={Math.round((100 * state.painting.done) / state.painting.total)}
              aria-label={t('painting', { done: state.painting.done, total: state.painting.total })}
            />
          )}
          {state.painted ? (
            <PaintedView
              key={state.painted.id}
              painted={state.painted}
              info={info}
              thing={thingName(info.categories[state.painted.classIndex] ?? '')}
              nameOf={thingName}
            />
          ) : (
            !painting && <Empty description={t('canvas.emptyText')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </div>

      <div className="painter-columns">
        <Card className="painter-how" title={t('how.title')}>
          <ol>
            <li>{t('how.noise')}</li>
            <li>{t('how.guess')}</li>
            <li>{t('how.step')}</li>
            <li>{t('how.repeat', { steps: chosenSteps })}</li>
          </ol>
          <p className="painter-muted">{t('how.learnt')}</p>
        </Card>
        <Card className="painter-bigger-card" title={t('bigger.title')}>
          <BiggerPainters info={info} />
        </Card>
      </div>
    </div>
  );
}

/** A finished painting: the step shown (picture and guess), the strip, and what to do with it. */
interface PaintedViewProps {
  painted: Painted;
  info: PainterInfo;
  /** The asked thing's name, and any category's. */
  thing: string;
  nameOf: (id: string) => string;
}

function PaintedView({ painted, info, thing, nameOf }: PaintedViewProps) {
  const { t, percent } = usePainterTexts();
  const queryClient = useQueryClient();
  const last = painted.noise.length - 1;
  const [frame, setFrame] = useState(last);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const side = info.side;
  const noise = painted.noise[frame] ?? 0;
  const finishedPng = () => pictureBlob(painted.frames, last, side, BIG_SIZE);

  const save = async () => {
    setSaving(true);
    try {
      const image = await blobDataUrl(await finishedPng());
      await callApi('/api/ai/images', { method: 'POST', json: { image, prompt: thing } }, paintingSchema);
      setSaved(true);
      toast(t('result.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: galleryKey });
    } catch {
      // callApi told the user.
    } finally {
      setSaving(false);
    }
  };

  const download = async () => {
    const url = URL.createObjectURL(await finishedPng());
    const link = document.createElement('a');
    link.href = url;
    link.download = `tiny-painter-${thing}-${painted.seed}.png`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="painter-result" data-frame={frame} data-steps={last} data-seconds={painted.seconds}>
      <div className="painter-pair">
        <figure>
          <PictureCanvas
            className="painter-big"
            pictures={painted.frames}
            index={frame}
            side={side}
            size={BIG_SIZE}
            label={
              frame === last
                ? t('result.alt', { thing, seed: painted.seed })
                : `${t('strip.frame')}: ${t('strip.step', { step: frame, total: last })}`
            }
          />
          <figcaption>
            {frame === 0 ? t('strip.start') : frame === last ? t('strip.done') : t('strip.frame')}
            {' · '}
            {t('strip.step', { step: frame, total: last })}
            {' · '}
            {t('strip.noise', { share: percent(noise) })}
          </figcaption>
        </figure>
        <figure>
          <PictureCanvas
            className="painter-big painter-guess"
            pictures={painted.guesses}
            index={Math.min(frame, last - 1)}
            side={side}
            size={BIG_SIZE}
            label={t('strip.guess')}
          />
          <figcaption>{t('strip.guess')}</figcaption>
        </figure>
      </div>
      <p className="painter-muted">{t('strip.guessHelp')}</p>
      {painted.recognised && (
        <RecognisedView
          top={painted.recognised}
          asked={info.categories[painted.classIndex] ?? ''}
          nameOf={nameOf}
        />
      )}
      <DenoisingStrip painted={painted} side={side} frame={frame} onFrame={setFrame} />
      <div className="painter-actions">
        <span className="painter-muted">{t('result.time', { seconds: painted.seconds.toFixed(1) })}</span>
        <Button icon={<SaveOutlined />} loading={saving} disabled={saved} onClick={() => void save()}>
          {saved ? t('result.saved') : t('result.save')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void download()}>
          {t('result.download')}
        </Button>
      </div>
    </div>
  );
}

/** What the doodle recogniser (the quick-draw lab's network) names the finished picture: a second opinion. */
function RecognisedView({
  top,
  asked,
  nameOf,
}: {
  top: Recognised[];
  asked: string;
  nameOf: (id: string) => string;
}) {
  const { t, percent } = usePainterTexts();
  const right = top[0]?.category === asked;
  return (
    <div className="painter-verdict" data-testid="painter-verdict" data-right={right}>
      <span className="painter-label">{t('verdict.title')}</span>
      <ol className="painter-verdict-list">
        {top.map(({ category, probability }) => (
          <li key={category}>
            <Tag color={category === asked ? 'green' : undefined}>
              {nameOf(category)} {percent(probability)}
            </Tag>
          </li>
        ))}
      </ol>
      <Alert
        type={right ? 'success' : 'warning'}
        showIcon
        title={right ? t('verdict.right') : t('verdict.wrong')}
      />
    </div>
  );
}
