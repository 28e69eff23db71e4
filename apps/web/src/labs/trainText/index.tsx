import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { Alert, Modal } from 'antd';
import {
  parseProjectFile,
  PROJECT_LIMITS,
  serializeProject,
  type ProjectError,
  type TextProject,
} from '@ai-edu/ml/text/index.ts';
import { LabFrame } from '../../components/lab-frame.tsx';
import { safeStorage } from '../../lib/storage.ts';
import { DataPanel } from './components/data-panel.tsx';
import { LearnSection } from './components/learn-section.tsx';
import { ProjectBar } from './components/project-bar.tsx';
import { TestPanel } from './components/test-panel.tsx';
import { TrainPanel } from './components/train-panel.tsx';
import { UseInProgram } from './components/use-in-program.tsx';
import { AUTOSAVE_KEY, SLUG, TRAINING_ANIMATION_MS } from './meta.ts';
import {
  emptyProject,
  fileNameFor,
  fromProject,
  hasUnsavedWork,
  projectReducer,
  toProject,
  trainBlock,
  trainingData,
  type ProjectState,
} from './project-state.ts';
import { STARTERS, type StarterId } from './starters.ts';
import { useTexts, type LabT } from './use-texts.ts';
import { useTraining } from './use-training.ts';
import './train-text.css';
import { toast } from '../../lib/toast.ts';

/** The last project of this browser (a project the learner has not saved to a file counts as unsaved). */
function restore(defaultNames: string[]): ProjectState {
  const saved = safeStorage.getItem(AUTOSAVE_KEY);
  const parsed = saved ? parseProjectFile(saved) : null;
  return parsed?.ok ? fromProject(parsed.project, [], false) : fromProject(emptyProject(defaultNames));
}

function errorText(t: LabT, error: ProjectError): string {
  const limit =
    error.code === 'tooLarge' && error.limit !== undefined ? Math.round(error.limit / 1024) : error.limit;
  return t(`errors.${error.code}`, { ...error, limit });
}

/**
 * The text-classifier lab: classes of example sentences → a softmax classifier on bag-of-n-gram features,
 * trained in a worker with its loss curve and a cross-validated accuracy → predictions with per-class
 * confidence and the n-grams that decided. The maths lives in packages/ml/src/text.
 */
export default function TrainTextLab() {
  const { t, lang } = useTexts();
  // Modal.useModal: the confirm takes the app's theme and locale without an antd <App> (see app/providers.tsx).
  const [modal, modalHolder] = Modal.useModal();
  const defaultNames = useCallback(() => [1, 2].map((n) => t('project.defaultClass', { n })), [t]);
  const [project, dispatch] = useReducer(projectReducer, undefined, () => restore(defaultNames()));
  const [fileError, setFileError] = useState<{ file: string; error: ProjectError } | null>(null);
  const { training, start, reset } = useTraining();

  useEffect(() => {
    safeStorage.setItem(AUTOSAVE_KEY, serializeProject(toProject(project)));
  }, [project]);

  const block = trainBlock(project);
  const trained = training.trained;
  const stale = trained !== null && trained.dataRevision !== project.dataRevision;
  // Classes are matched by id, so a renamed class shows its new name; a deleted one keeps its old name.
  const classNames = useMemo(
    () =>
      trained?.classIds.map(
        (id, k) => project.classes.find((c) => c.id === id)?.name ?? trained.classNames[k] ?? '',
      ) ?? [],
    [trained, project.classes],
  );

  const train = () => {
    if (block) return;
    start({
      request: {
        data: trainingData(project),
        numClasses: project.classes.length,
        settings: { ...project.settings },
        animationMs: TRAINING_ANIMATION_MS,
      },
      dataRevision: project.dataRevision,
      classIds: project.classes.map((c) => c.id),
      classNames: project.classes.map((c) => c.name),
    });
  };

  const replace = (next: TextProject, samples: readonly string[], done?: string) => {
    const apply = () => {
      dispatch({ type: 'load', project: next, samples, saved: true });
      reset();
      setFileError(null);
      if (done) toast(done, 'success');
    };
    if (!hasUnsavedWork(project)) return apply();
    modal.confirm({
      title: t('project.replaceTitle'),
      content: t('project.replaceText'),
      okText: t('project.replace'),
      cancelText: t('project.cancel'),
      onOk: apply,
    });
  };

  const openStarter = (id: StarterId) => {
    const starter = STARTERS.find((s) => s.id === id);
    if (!starter) return;
    const next = starter.project[lang];
    replace(
      next,
      starter.samples[lang].map((s) => s.text),
      t('project.opened', { name: next.name }),
    );
  };

  const openFile = async (file: File) => {
    const result =
      file.size > PROJECT_LIMITS.maxFileBytes
        ? ({ ok: false, error: { code: 'tooLarge', limit: PROJECT_LIMITS.maxFileBytes } } as const)
        : parseProjectFile(await file.text());
    if (!result.ok) {
      setFileError({ file: file.name, error: result.error });
      return;
    }
    replace(result.project, [], t('project.opened', { name: result.project.name || file.name }));
  };

  const saveFile = () => {
    const name = fileNameFor(project.name, t('project.fileFallback'));
    const url = URL.createObjectURL(
      new Blob([serializeProject(toProject(project))], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    dispatch({ type: 'saved' });
    toast(t('project.saved', { file: name }), 'success');
  };

  return (
    <LabFrame
      slug={SLUG}
      tip={t('tip')}
      className="tt-lab"
      extra={
        <ProjectBar
          onStarter={openStarter}
          onNew={() => replace(emptyProject(defaultNames()), [])}
          onOpen={(file) => void openFile(file)}
          onSave={saveFile}
        />
      }
    >
      {modalHolder}
      {fileError && (
        <Alert
          className="tt-file-error"
          type="error"
          showIcon
          closable
          onClose={() => setFileError(null)}
          message={t('project.openFailed', { file: fileError.file })}
          description={errorText(t, fileError.error)}
        />
      )}
      <div className="tt-layout">
        <DataPanel project={project} dispatch={dispatch} onStarter={openStarter} />
        <TrainPanel
          project={project}
          dispatch={dispatch}
          training={training}
          block={block}
          stale={stale}
          classNames={classNames}
          onTrain={train}
        />
        <TestPanel model={trained?.model ?? null} classNames={classNames} samples={project.samples} />
      </div>
      <UseInProgram model={stale ? null : (trained?.model ?? null)} classNames={classNames} />
      <LearnSection />
    </LabFrame>
  );
}
