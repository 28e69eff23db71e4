/**
 * trainAudio — a Teachable-Machine-style sound classifier: classes of 1-s samples (recorded or cut from an
 * upload) plus a required background-noise class, trained in the browser (a CNN on a real GPU, else the
 * fast MFCC model), then live prediction from the microphone with what the model sees. Model and files come
 * from features/sound-classifier, which voiceIdentify reuses.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Progress, Radio, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LabFrame } from '../../components/lab-frame.tsx';
import { LossAccuracyChart, type LossAccuracyPoint } from '../../components/loss-accuracy-chart.tsx';
import {
  DEFAULT_EPOCHS,
  exportCnnModelZip,
  exportFastModelJson,
  loadSoundModel,
  parseSoundProject,
  serializeSoundProject,
  trainSoundModel,
  type SoundModel,
  type SoundModelKind,
} from '../../features/sound-classifier/index.ts';
import { download } from '../../features/trainer/media.ts';
import { SOUND_FEATURES } from '../../features/sound-classifier/files.ts';
import { paths } from '../../config/paths.ts';
import { useSessionUser } from '../../lib/session-user.ts';
import { useNavigate } from 'react-router';
import { visionTf } from '../../lib/vision/human.ts';
import { ClassCard } from './class-card.tsx';
import { LivePanel } from './live-panel.tsx';
import {
  commandWordsOf,
  MAX_CLASSES,
  MIN_SAMPLES,
  newId,
  newSample,
  trainBlocker,
  type SoundClass,
} from './project.ts';
import { texts } from './i18n.ts';
import { SLUG, useTexts } from './use-texts.ts';
import './train-audio.css';

type TrainState =
  | { kind: 'idle' }
  | { kind: 'preparing'; done: number; total: number }
  | { kind: 'training'; epoch: number; epochs: number }
  | { kind: 'done'; seconds: number; accuracy: number }
  | { kind: 'failed'; message: string };

function initialClasses(background: string, name: (n: number) => string): SoundClass[] {
  return [
    { id: newId(), name: background, background: true, samples: [] },
    { id: newId(), name: name(1), background: false, samples: [] },
    { id: newId(), name: name(2), background: false, samples: [] },
  ];
}

/** Whether TF.js runs on a real GPU here (WebGL is chosen only then, see lib/vision/human.ts). */
function useHasGpu(): boolean | null {
  const [gpu, setGpu] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    visionTf()
      .then((tf) => alive && setGpu(['webgl', 'webgpu'].includes(tf.getBackend())))
      .catch(() => alive && setGpu(false));
    return () => {
      alive = false;
    };
  }, []);
  return gpu;
}

export default function TrainAudioLab() {
  const { t } = useTexts();
  const [classes, setClasses] = useState<SoundClass[]>(() =>
    initialClasses(t('defaults.background'), (n) => t('defaults.class', { n })),
  );
  const [recordingId, setRecordingId] = useState<number | null>(null);
  const hasGpu = useHasGpu();
  const [chosenKind, setChosenKind] = useState<SoundModelKind | null>(null);
  // TF.js's WASM engine cannot train convolutions (no Conv2DBackpropFilter kernel): the CNN trains on a GPU only.
  const kind: SoundModelKind = hasGpu ? (chosenKind ?? 'cnn') : 'fast';
  const [train, setTrain] = useState<TrainState>({ kind: 'idle' });
  const [points, setPoints] = useState<LossAccuracyPoint[]>([]);
  const [model, setModel] = useState<SoundModel | null>(null);
  const [fileNotice, setFileNotice] = useState<{ type: 'info' | 'error'; text: string } | null>(null);
  const projectInput = useRef<HTMLInputElement>(null);
  const modelInput = useRef<HTMLInputElement>(null);
  const blocker = useMemo(() => trainBlocker(classes), [classes]);
  const training = train.kind === 'training' || train.kind === 'preparing';

  useEffect(() => () => model?.dispose(), [model]);

  const blockerText =
    blocker?.kind === 'classes'
      ? t('train.needClasses')
      : blocker?.kind === 'names'
        ? t('train.needNames')
        : blocker?.kind === 'samples'
          ? t('train.needSamples', { min: MIN_SAMPLES, names: blocker.names.join(', ') })
          : null;

  const startTraining = async () => {
    if (blocker || training) return;
    setRecordingId(null);
    const epochs = DEFAULT_EPOCHS[kind];
    setPoints([]);
    setTrain({ kind: 'preparing', done: 0, total: 1 });
    const started = performance.now();
    try {
      const tf = kind === 'cnn' ? await visionTf() : undefined;
      // Let the progress bar appear before the work starts.
      await new Promise((resolve) => setTimeout(resolve, 30));
      let accuracy = 0;
      const trained = await trainSoundModel(
        classes.map((c) => ({ name: c.name.trim(), background: c.background, clips: c.samples })),
        {
          kind,
          tf,
          epochs,
          onPrepare: (done, total) => setTrain({ kind: 'preparing', done, total }),
          onProgress: async (p) => {
            accuracy = p.accuracy;
            setPoints((prev) => [...prev, { epoch: p.epoch, loss: p.loss, accuracy: p.accuracy }]);
            setTrain({ kind: 'training', epoch: p.epoch, epochs });
            if (kind === 'cnn') await new Promise((resolve) => setTimeout(resolve, 0));
          },
        },
      );
      setModel(trained);
      setTrain({ kind: 'done', seconds: (performance.now() - started) / 1000, accuracy });
    } catch (error) {
      setTrain({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const saveProject = () =>
    download(
      serializeSoundProject({
        classes: classes.map((c) => ({ name: c.name, background: c.background, samples: c.samples })),
      }),
      'application/json',
      'sound-project.json',
    );

  const openProject = async (file: File) => {
    try {
      const project = parseSoundProject(JSON.parse(await file.text()));
      setClasses(
        project.classes.map((c) => ({
          id: newId(),
          name: c.name,
          background: c.background,
          samples: c.samples.map((s) => newSample(s.samples, s.sampleRate)),
        })),
      );
      setFileNotice({ type: 'info', text: t('files.opened', { count: project.classes.length }) });
    } catch (error) {
      setFileNotice({ type: 'error', text: t('files.failed', { message: (error as Error).message }) });
    }
  };

  const exportModel = async () => {
    if (!model) return;
    if (model.kind === 'fast') download(exportFastModelJson(model), 'application/json', 'sound-model.json');
    else download(await exportCnnModelZip(await visionTf(), model), 'application/zip', 'sound-model.zip');
  };

  // "Use in a program": the model joins this browser's library for the block studio (its exported file, as
  // Export model writes it), which opens a starter with a "when I hear ⟨word⟩" hat per taught word.
  const navigate = useNavigate();
  const owner = useSessionUser()?.uid;
  const keepForProgram = async () => {
    if (!model || !owner) return;
    const words = commandWordsOf(model.labels, classes, [
      texts.en.defaults.background,
      texts['zh-CN'].defaults.background,
    ]);
    if (words.length === 0) return setFileNotice({ type: 'error', text: t('files.noWords') });
    try {
      const file =
        model.kind === 'fast'
          ? new TextEncoder().encode(exportFastModelJson(model)).buffer
          : await exportCnnModelZip(await visionTf(), model);
      // Its own chunk, as in the other trainers.
      const { keepProgramModel, newProgramModelId } = await import('../../lib/program-models.ts');
      const id = newProgramModelId();
      await keepProgramModel({
        id,
        owner,
        name: words.join(' / '),
        input: 'sound',
        extractor: SOUND_FEATURES,
        labels: words,
        lab: SLUG,
        modelJson: '',
        weights: file,
        savedAt: new Date().toISOString(),
      });
      await navigate(`${paths.make}?model=${id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFileNotice({ type: 'error', text: t('files.useInProgramFailed', { message }) });
    }
  };

  const importModel = async (file: File) => {
    try {
      const loaded = await loadSoundModel(file, visionTf);
      setModel(loaded);
      setFileNotice({
        type: 'info',
        text: t('files.imported', { kind: loaded.kind.toUpperCase(), labels: loaded.labels.join(', ') }),
      });
    } catch (error) {
      setFileNotice({ type: 'error', text: t('files.failed', { message: (error as Error).message }) });
    }
  };

  const fileInput = (
    ref: React.RefObject<HTMLInputElement | null>,
    accept: string,
    onFile: (f: File) => void,
  ) => (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );

  return (
    <LabFrame slug={SLUG}>
      <Typography.Paragraph className="train-audio-tip">{t('tip')}</Typography.Paragraph>
      <section className="train-audio-classes" aria-label={t('classes.title')}>
        {classes.map((c, i) => (
          <ClassCard
            key={c.id}
            soundClass={c}
            index={i}
            disabled={training}
            recording={recordingId === c.id}
            onRecord={(open) => setRecordingId(open ? c.id : null)}
            onChange={(next) => setClasses((all) => all.map((x) => (x.id === c.id ? next : x)))}
            onRemove={
              c.background || classes.length <= 2
                ? undefined
                : () => setClasses((all) => all.filter((x) => x.id !== c.id))
            }
          />
        ))}
        {classes.length < MAX_CLASSES && (
          <Button
            icon={<PlusOutlined />}
            disabled={training}
            onClick={() =>
              setClasses((all) => [
                ...all,
                { id: newId(), name: t('defaults.class', { n: all.length }), background: false, samples: [] },
              ])
            }
          >
            {t('classes.add')}
          </Button>
        )}
      </section>

      <Card title={t('train.title')} className="train-audio-train" data-testid="train-panel">
        <Space direction="vertical" style={{ width: '100%' }}>
          {hasGpu !== null && (
            <Typography.Paragraph data-testid="classifier-kind">
              {hasGpu ? t('train.usingCnn') : t('train.usingFast')}
            </Typography.Paragraph>
          )}
          <Radio.Group
            aria-label={t('train.kind')}
            value={kind}
            disabled={training}
            onChange={(event) => setChosenKind(event.target.value as SoundModelKind)}
            options={[
              { value: 'cnn', label: t('train.cnn'), disabled: !hasGpu },
              { value: 'fast', label: t('train.fast') },
            ]}
          />
          <Button type="primary" disabled={!!blocker || training} onClick={() => void startTraining()}>
            {model ? t('train.retrain') : t('train.button')}
          </Button>
          {blockerText && <Alert type="info" showIcon message={blockerText} data-testid="train-blocker" />}
          <Typography.Paragraph type="secondary">{t('train.whyEight')}</Typography.Paragraph>
          {train.kind === 'preparing' && (
            <>
              <Typography.Text>
                {t('train.preparing', { done: train.done, total: train.total })}
              </Typography.Text>
              <Progress percent={Math.round((100 * train.done) / train.total)} />
            </>
          )}
          {train.kind === 'training' && (
            <>
              <Typography.Text>
                {t('train.training', { epoch: train.epoch, epochs: train.epochs })}
              </Typography.Text>
              <Progress percent={Math.round((100 * train.epoch) / train.epochs)} />
            </>
          )}
          {train.kind === 'done' && (
            <Alert
              type="success"
              showIcon
              data-testid="train-done"
              data-seconds={train.seconds.toFixed(2)}
              message={t('train.done', {
                seconds: train.seconds.toFixed(1),
                accuracy: `${Math.round(train.accuracy * 100)} %`,
              })}
            />
          )}
          {train.kind === 'failed' && (
            <Alert type="error" showIcon message={t('train.failed', { message: train.message })} />
          )}
          <div className="train-audio-chart">
            <LossAccuracyChart
              points={points}
              epochs={train.kind === 'training' ? train.epochs : DEFAULT_EPOCHS[kind]}
              labels={{
                aria: t('train.chart.aria'),
                empty: t('train.chart.empty'),
                loss: t('train.chart.loss'),
                accuracy: t('train.chart.accuracy'),
              }}
            />
          </div>
        </Space>
      </Card>

      <LivePanel model={model} />

      <Card title={t('files.title')} className="train-audio-files">
        <Space wrap>
          <Button onClick={saveProject}>{t('files.saveProject')}</Button>
          <Button onClick={() => projectInput.current?.click()}>{t('files.openProject')}</Button>
          <Button onClick={() => void exportModel()} disabled={!model}>
            {t('files.exportModel')}
          </Button>
          <Button onClick={() => modelInput.current?.click()}>{t('files.importModel')}</Button>
          <Button
            type="primary"
            onClick={() => void keepForProgram()}
            disabled={!model || !owner}
            title={t('files.useInProgramHint')}
          >
            {t('files.useInProgram')}
          </Button>
        </Space>
        {fileInput(projectInput, '.json,application/json', (f) => void openProject(f))}
        {fileInput(modelInput, '.json,.zip,application/json,application/zip', (f) => void importModel(f))}
        <Typography.Paragraph type="secondary">{t('files.onnx')}</Typography.Paragraph>
        {fileNotice && <Alert type={fileNotice.type} showIcon message={fileNotice.text} />}
      </Card>
    </LabFrame>
  );
}
