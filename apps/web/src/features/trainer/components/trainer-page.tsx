import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Alert, Button, Modal, Segmented, Spin } from 'antd';
import {
  AppstoreAddOutlined,
  CameraOutlined,
  DownloadOutlined,
  FolderOpenOutlined,
  ImportOutlined,
  PlusOutlined,
  SaveOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { saveModelFiles } from '@ai-edu/ml/trainer/index.ts';
import type { LabSlug } from '@ai-edu/contract';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import { LabFrame } from '../../../components/lab-frame.tsx';
import { CameraProblem, OnDeviceNotice } from '../../../components/camera/camera-problem.tsx';
import { ImageUploadButton, readImageFile } from '../../../components/camera/image-upload.tsx';
import { useCamera } from '../../../lib/camera/use-camera.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { paths } from '../../../config/paths.ts';
import { exportModelZip, importModelZip, parseProject, serializeProject, type FileError } from '../files.ts';
import { classColor, FRAME_REST_MS, RECORD_INTERVAL_MS, TRAINER_LIMITS } from '../limits.ts';
import { download, drawSkeleton, makeThumb, sourceSize } from '../media.ts';
import {
  classNameProblem,
  freeClassName,
  initialState,
  trainBlock,
  trainerReducer,
  type NewSample,
} from '../project-state.ts';
import { countFrame, startMiss, type RecordMiss } from '../record-miss.ts';
import { formatPercent, useTrainerTexts, type TrainerT } from '../texts.ts';
import type { InputAdapter } from '../types.ts';
import { useTrainer } from '../use-trainer.ts';
import { ClassCard } from './class-card.tsx';
import { PredictionBars } from './prediction-bars.tsx';
import { TrainPanel } from './train-panel.tsx';
import { UnderTheHood } from './under-the-hood.tsx';
import '../trainer.css';
import { toast } from '../../../lib/toast.ts';

export interface TrainerPageProps {
  slug: LabSlug;
  adapter: InputAdapter;
  /** The lab's tip line (what to record). */
  tip: string;
  /** Starting class names (translated), e.g. "Hands up", "T-pose". */
  defaultClasses: readonly string[];
  /** Shown above the class list: how to collect good samples for this input. */
  howTo?: ReactNode;
  /** Mirror the camera preview (and thumbnails), like a mirror: natural for the front camera. */
  mirror?: boolean;
  /**
   * Offer the robot world's robot camera as a second source of samples (the image trainer: a sign reader
   * for the robot is trained on what the robot sees). `?source=robot` opens with it.
   */
  robotCamera?: boolean;
}

/** Where the samples and the live picture come from. */
type Source = 'camera' | 'robot';

// The robot world (with its physics) loads only when its camera is chosen.
const RobotCameraView = lazy(() => import('../../../components/robot-camera/robot-camera-view.tsx'));

function fileErrorText(t: TrainerT, error: FileError): string {
  const detail =
    error.code === 'wrongInput' &&
    (error.detail === 'image' || error.detail === 'pose' || error.detail === 'hand')
      ? t(`files.inputs.${error.detail}`)
      : (error.detail ?? '');
  return t(`files.errors.${error.code}`, { detail });
}

function pickFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.onchange = () => resolve(input.files?.[0] ?? null);
    input.click();
  });
}

/**
 * The shared Teachable-Machine-style trainer: classes of samples from the camera (hold to record) or from
 * image files, a small classifier trained on the device on the input adapter's features, live prediction,
 * what happened under the hood, and the project and model as files.
 */
export function TrainerPage({
  slug,
  adapter,
  tip,
  defaultClasses,
  howTo,
  mirror = true,
  robotCamera = false,
}: TrainerPageProps) {
  const { t, language } = useTrainerTexts();
  const [searchParams] = useSearchParams();
  const [source, setSource] = useState<Source>(() =>
    robotCamera && searchParams.get('source') === 'robot' ? 'robot' : 'camera',
  );
  const [robotView, setRobotView] = useState<HTMLCanvasElement | null>(null);
  // Modal.useModal: the confirm takes the app's theme and locale without an antd <App> (see app/providers.tsx).
  const [modal, modalHolder] = Modal.useModal();
  const [state, dispatch] = useReducer(trainerReducer, defaultClasses, initialState);
  const engine = useTrainer(adapter);
  // The webcam starts on its own only while it is the source; choosing the robot's camera ends it.
  const camera = useCamera({ autoStart: source === 'camera' });
  const overlay = useRef<HTMLCanvasElement>(null);
  const [recordingId, setRecordingId] = useState<number | null>(null);
  const recordingRef = useRef<number | null>(null);
  const [live, setLive] = useState<{ probs: Float32Array | null; seen: boolean } | null>(null);
  const [imageResult, setImageResult] = useState<{
    probs: Float32Array | null;
    thumb: string;
    name: string;
  } | null>(null);
  const [analysing, setAnalysing] = useState(false);
  const [busyClass, setBusyClass] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<{ classId: number; text: string } | null>(null);
  const [fileError, setFileError] = useState<{ file: string; text: string } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [recordMiss, setRecordMiss] = useState<RecordMiss | null>(null);

  const ready = engine.load.status === 'ready';
  const trained = engine.trained;
  const block = trainBlock(state);
  const stale =
    trained?.dataRevision !== null && trained !== null && trained.dataRevision !== state.dataRevision;
  const samples = state.classes.reduce((n, c) => n + c.samples.length, 0);
  // Labels follow renames (matched by class id); an imported model keeps its own labels.
  const labels = useMemo(
    () =>
      trained
        ? trained.labels.map((name, k) => {
            const id = trained.classIds[k];
            return state.classes.find((c) => c.id === id)?.name ?? name;
          })
        : [],
    [trained, state.classes],
  );

  const setRecording = useCallback((id: number | null) => {
    if (id !== null && id !== recordingRef.current) setRecordMiss(startMiss(id));
    recordingRef.current = id;
    setRecordingId(id);
  }, []);

  // One loop per live camera: extract features from the frame, draw the skeleton, record, predict.
  const { videoRef, status: cameraStatus, stop: stopCamera } = camera;
  useEffect(() => {
    if (source === 'robot') stopCamera();
  }, [source, stopCamera]);
  // The robot's camera is a canvas the robot world draws: live as soon as it is on the page.
  const sourceLive = source === 'robot' ? robotView !== null : cameraStatus === 'live';
  const frameOf = useCallback((): HTMLVideoElement | HTMLCanvasElement | null => {
    if (source === 'robot') return robotView;
    const video = videoRef.current;
    return video && video.readyState >= 2 && video.videoWidth > 0 ? video : null;
  }, [source, robotView, videoRef]);
  const mirrored = mirror && source === 'camera';
  const { predict } = engine;
  // The camera loop pauses while training (both would share the one tf backend).
  const training = engine.progress.running;
  useEffect(() => {
    if (!sourceLive || !ready || training) return;
    let stopped = false;
    let frame = 0;
    let timer = 0;
    let lastRecord = 0;
    const step = async () => {
      if (stopped) return;
      const video = frameOf();
      if (video) {
        try {
          const extraction = await adapter.extract(video);
          if (stopped) return;
          const { width, height } = sourceSize(video);
          if (overlay.current && source === 'camera')
            drawSkeleton(overlay.current, width, height, extraction?.skeleton ?? null);
          const classId = recordingRef.current;
          const now = performance.now();
          if (classId !== null) setRecordMiss((prev) => countFrame(prev, classId, extraction !== null));
          if (extraction && classId !== null && now - lastRecord >= RECORD_INTERVAL_MS) {
            lastRecord = now;
            dispatch({
              type: 'addSamples',
              classId,
              samples: [{ features: extraction.features, thumb: makeThumb(video, mirrored) }],
            });
          }
          setLive({
            probs: extraction ? predict(extraction.features) : null,
            seen: extraction !== null,
          });
        } catch (error) {
          console.warn('trainer frame failed', error);
        }
      }
      // A short rest between frames leaves the main thread to the page (clicks, navigation, drawing):
      // on a CPU/WASM backend one frame's detection can take most of a frame's time.
      if (!stopped)
        timer = window.setTimeout(() => (frame = requestAnimationFrame(() => void step())), FRAME_REST_MS);
    };
    frame = requestAnimationFrame(() => void step());
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [sourceLive, frameOf, source, ready, training, adapter, mirrored, predict]);

  const uploadSamples = async (classId: number, files: File[]) => {
    setBusyClass(classId);
    setFeedback(null);
    const added: NewSample[] = [];
    const problems = new Map<string, number>();
    const skip = (reason: string) => problems.set(reason, (problems.get(reason) ?? 0) + 1);
    for (const file of files) {
      try {
        const image = await readImageFile(file);
        const extraction = await adapter.extract(image);
        if (extraction) added.push({ features: extraction.features, thumb: makeThumb(image) });
        else skip(t('classes.nothingInImage'));
      } catch (error) {
        skip(error instanceof Error ? error.message : String(error));
      }
    }
    dispatch({ type: 'addSamples', classId, samples: added });
    const lines = [...problems].map(([reason, n]) =>
      t(n === 1 ? 'classes.skipped.one' : 'classes.skipped.other', { n, reason }),
    );
    setFeedback(lines.length ? { classId, text: lines.join(' ') } : null);
    setBusyClass(null);
  };

  const testImage = async (file: File) => {
    // The previous answer goes at once: it must never stand next to the new picture.
    setImageError(null);
    setImageResult(null);
    setAnalysing(true);
    try {
      const image = await readImageFile(file);
      const extraction = await adapter.extract(image);
      setImageResult({
        probs: extraction ? engine.predict(extraction.features) : null,
        thumb: makeThumb(image),
        name: file.name,
      });
    } catch (error) {
      setImageError(error instanceof Error ? error.message : String(error));
    } finally {
      setAnalysing(false);
    }
  };

  const saveProject = () => {
    const name = `${t('files.projectName')}-${adapter.kind}.json`;
    download(serializeProject(state, adapter), 'application/json', name);
    toast(t('files.saved', { file: name }), 'success');
  };

  const openProject = async () => {
    const file = await pickFile('.json,application/json');
    if (!file) return;
    const result =
      file.size > TRAINER_LIMITS.maxProjectBytes
        ? ({ ok: false, error: { code: 'tooLarge' } } as const)
        : parseProject(await file.text(), adapter);
    if (!result.ok) {
      setFileError({ file: file.name, text: fileErrorText(t, result.error) });
      return;
    }
    const apply = () => {
      dispatch({ type: 'load', project: result.value });
      engine.setTrained(null);
      setFileError(null);
      toast(t('files.opened', { file: file.name }), 'success');
    };
    if (samples === 0) return apply();
    modal.confirm({
      title: t('files.replaceTitle'),
      content: t('files.replaceText'),
      okText: t('files.replace'),
      cancelText: t('files.cancel'),
      onOk: apply,
    });
  };

  const exportModel = async () => {
    const tf = engine.tf();
    if (!tf || !trained) return;
    const data = await exportModelZip(tf, trained.model, labels, adapter);
    const name = `${t('files.modelName')}-${adapter.kind}.zip`;
    download(data, 'application/zip', name);
    toast(t('files.saved', { file: name }), 'success');
  };

  // "Use in a program": the model joins this browser's library for the block studio, which opens a starter.
  const navigate = useNavigate();
  const owner = useSessionUser()?.uid;
  const keepForProgram = async () => {
    const tf = engine.tf();
    if (!tf || !trained || !owner) return;
    try {
      // Its own chunk: the labs' lazy-import map (in the first page) stays as it was.
      const { keepProgramModel, newProgramModelId } = await import('../../../lib/program-models.ts');
      const files = await saveModelFiles(tf, trained.model);
      const id = newProgramModelId();
      await keepProgramModel({
        id,
        owner,
        name: labels.join(' / '),
        input: adapter.kind,
        extractor: adapter.extractor,
        labels,
        lab: slug,
        ...files,
        savedAt: new Date().toISOString(),
      });
      await navigate(`${paths.make}?model=${id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast(t('files.useInProgramFailed', { message }), 'error');
    }
  };

  const importModel = async () => {
    const tf = engine.tf();
    const file = await pickFile('.zip,application/zip');
    if (!file || !tf) return;
    const result = await importModelZip(tf, await file.arrayBuffer(), adapter);
    if (!result.ok) {
      setFileError({ file: file.name, text: fileErrorText(t, result.error) });
      return;
    }
    engine.setTrained({
      model: result.value.model,
      labels: result.value.labels,
      result: null,
      settings: null,
      dataRevision: null,
      classIds: [],
    });
    setFileError(null);
    setImageResult(null);
    toast(t('files.modelImported', { file: file.name }), 'success');
  };

  const projectBar = (
    <span className="trainer-files">
      <Button icon={<SaveOutlined />} onClick={saveProject}>
        {t('files.saveProject')}
      </Button>
      <Button icon={<FolderOpenOutlined />} onClick={() => void openProject()}>
        {t('files.openProject')}
      </Button>
      <Button icon={<DownloadOutlined />} disabled={!trained} onClick={() => void exportModel()}>
        {t('files.exportModel')}
      </Button>
      <Button icon={<ImportOutlined />} disabled={!ready} onClick={() => void importModel()}>
        {t('files.importModel')}
      </Button>
      <Button
        icon={<AppstoreAddOutlined />}
        disabled={!trained || !owner}
        onClick={() => void keepForProgram()}
      >
        {t('files.useInProgram')}
      </Button>
    </span>
  );

  const canAdd = state.classes.length < TRAINER_LIMITS.maxClasses;

  return (
    <LabFrame slug={slug} tip={tip} className="trainer-lab" extra={projectBar}>
      {modalHolder}
      <OnDeviceNotice />
      {fileError && (
        <Alert
          className="trainer-file-error"
          type="error"
          showIcon
          closable={{ onClose: () => setFileError(null) }}
          title={t('files.openFailed', { file: fileError.file })}
          description={fileError.text}
        />
      )}
      {engine.load.status === 'error' && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed', { message: engine.load.message })}
          action={<Button onClick={engine.retryLoad}>{t('retry')}</Button>}
        />
      )}
      <div className="trainer-layout">
        <section className="trainer-panel trainer-data" aria-label={t('steps.data')}>
          <h2 className="trainer-step">1 · {t('steps.data')}</h2>
          {howTo}
          {state.classes.map((cls, i) => (
            <ClassCard
              key={cls.id}
              cls={cls}
              color={classColor(i)}
              canRecord={sourceLive && ready}
              ready={ready}
              recording={sourceLive && recordingId === cls.id}
              busy={busyClass === cls.id}
              nameProblem={(name) => classNameProblem(state, name, cls.id)}
              onRename={(name) => dispatch({ type: 'renameClass', id: cls.id, name })}
              onDelete={() => dispatch({ type: 'deleteClass', id: cls.id })}
              onClear={() => dispatch({ type: 'clearClass', classId: cls.id })}
              onRecord={(on) =>
                setRecording(on ? cls.id : recordingRef.current === cls.id ? null : recordingRef.current)
              }
              onUpload={(files) => void uploadSamples(cls.id, files)}
              onRemove={(sampleId) => dispatch({ type: 'removeSample', classId: cls.id, sampleId })}
              feedback={feedback?.classId === cls.id ? feedback.text : null}
              recordHint={
                recordingId === cls.id && recordMiss?.classId === cls.id && recordMiss.missing
                  ? t(`classes.recordMiss.${adapter.kind}`)
                  : null
              }
              skippedNote={
                recordMiss?.classId === cls.id && recordMiss.skipped > 0
                  ? t(
                      recordMiss.skipped === 1 ? 'classes.framesSkipped.one' : 'classes.framesSkipped.other',
                      {
                        n: recordMiss.skipped,
                        reason: t(`classes.missReason.${adapter.kind}`),
                      },
                    )
                  : null
              }
            />
          ))}
          <Button
            block
            type="dashed"
            icon={<PlusOutlined />}
            disabled={!canAdd}
            onClick={() =>
              dispatch({
                type: 'addClass',
                name: freeClassName(state, (n) => t('classes.defaultName', { n })),
              })
            }
          >
            {canAdd ? t('classes.add') : t('classes.maxClasses', { limit: TRAINER_LIMITS.maxClasses })}
          </Button>
        </section>
        <section className="trainer-panel trainer-train-panel" aria-label={t('steps.train')}>
          <h2 className="trainer-step">2 · {t('steps.train')}</h2>
          <TrainPanel
            settings={state.settings}
            onSettings={(settings) => dispatch({ type: 'settings', settings })}
            block={block}
            samples={samples}
            classes={state.classes.length}
            ready={ready}
            progress={engine.progress}
            trained={trained}
            stale={stale}
            onTrain={() => void engine.train(state)}
            onStop={engine.stop}
          />
          <UnderTheHood trained={trained} progress={engine.progress} featureSize={adapter.featureSize} />
        </section>
        <section className="trainer-panel trainer-preview" aria-label={t('steps.preview')}>
          <h2 className="trainer-step">3 · {t('steps.preview')}</h2>
          {robotCamera && (
            <Segmented<Source>
              className="trainer-source"
              aria-label={t('source.label')}
              value={source}
              onChange={setSource}
              options={[
                { value: 'camera', label: t('source.camera') },
                { value: 'robot', label: t('source.robot') },
              ]}
            />
          )}
          {source === 'robot' && (
            <Suspense fallback={<Spin />}>
              <RobotCameraView onCamera={setRobotView} />
            </Suspense>
          )}
          {source === 'robot' && !ready && engine.load.status === 'loading' && (
            <p className="trainer-status">{t('loading')}</p>
          )}
          <div className="trainer-webcam" hidden={source === 'robot'}>
            <div className={mirror ? 'trainer-camera trainer-mirror' : 'trainer-camera'}>
              <video ref={videoRef} muted playsInline aria-label={t('camera.video')} />
              <canvas ref={overlay} className="trainer-overlay" aria-hidden="true" />
              {!ready && engine.load.status === 'loading' && (
                <div className="trainer-camera-loading">
                  <Spin />
                  <span>{t('loading')}</span>
                  <DownloadProgress source={engine.downloads} />
                </div>
              )}
            </div>
            <CameraProblem status={cameraStatus} onRetry={() => void camera.start()} />
          </div>
          <div className="trainer-camera-actions">
            {source === 'robot' ? null : cameraStatus === 'live' || cameraStatus === 'starting' ? (
              <Button icon={<StopOutlined />} onClick={camera.stop}>
                {t('camera.stop')}
              </Button>
            ) : (
              <Button icon={<CameraOutlined />} onClick={() => void camera.start()}>
                {t('camera.start')}
              </Button>
            )}
            <ImageUploadButton
              label={t('preview.testImage')}
              disabled={!ready}
              onFile={(file) => void testImage(file)}
            />
          </div>
          {sourceLive && live && !live.seen && ready && (
            <p className="trainer-status">{t('camera.nothingSeen')}</p>
          )}
          {!trained && <p className="trainer-status">{t('preview.noModel')}</p>}
          {trained && !trained.result && (
            <p className="trainer-status">{t('preview.imported', { labels: labels.join(', ') })}</p>
          )}
          {trained && sourceLive && live?.probs && (
            <PredictionBars
              labels={labels}
              probabilities={live.probs}
              caption={t(source === 'robot' ? 'preview.liveRobot' : 'preview.live')}
            />
          )}
          {imageError && <Alert type="error" showIcon title={imageError} />}
          {analysing && <p className="trainer-status">{t('preview.analysing')}</p>}
          {trained && imageResult && (
            <div className="trainer-image-result">
              <img src={imageResult.thumb} alt={imageResult.name} width={64} height={64} />
              {imageResult.probs ? (
                <div>
                  <output aria-label={t('preview.resultLabel')} className="trainer-image-answer">
                    {(() => {
                      const probs = imageResult.probs;
                      let best = 0;
                      probs.forEach((p, i) => {
                        if (p > (probs[best] ?? 0)) best = i;
                      });
                      return t('preview.result', {
                        name: labels[best] ?? '',
                        percent: formatPercent(probs[best] ?? 0, language),
                      });
                    })()}
                  </output>
                  <PredictionBars
                    labels={labels}
                    probabilities={imageResult.probs}
                    caption={t('preview.image')}
                  />
                </div>
              ) : (
                <p className="trainer-status">{t('classes.nothingInImage')}</p>
              )}
            </div>
          )}
        </section>
      </div>
    </LabFrame>
  );
}
