/**
 * Starter projects in the studio (issue 26, docs/make-studio.md "Starter projects"): "New from a starter" with
 * its picker, and the project the student's running lesson hands out; it also keeps the open project's
 * thumbnail up to date (thumbnails/thumbnail.ts). A chunk of its own (the page loads it with React.lazy after it
 * shows), with its texts (namespace `makeStarters`): `/make`'s first load has a budget.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MakeProject, MakeStarter } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { Blockly, loadStageBlocks } from '../blocks/blockly-setup.ts';
import { makeKeys, MAKE_PATHS } from '../api/paths.ts';
import { callApi, makeRequests } from '../api/requests.ts';
import { useThumbnails } from '../thumbnails/thumbnail.ts';
import { availableStarters } from './available.ts';
import { starterTexts } from './i18n.ts';

/** The query parameter the lesson banner's link sets: open the lesson's project as soon as it is known. */
export const OPEN_LESSON_PARAM = 'lesson';

export interface StartersBarProps {
  /** Opens a project in the studio (after the open one has saved), with its data when already read. */
  onOpen: (id: number, loaded?: MakeProject) => Promise<void>;
}

function useStarterTexts() {
  return useFeatureTranslation('makeStarters', starterTexts);
}

const lessonRequests = {
  read: (signal?: AbortSignal) =>
    callApi(MAKE_PATHS.lessonStarter, { method: 'GET', signal, silent: true }, (s) =>
      s.makeLessonStarterSchema.nullable(),
    ),
  open: () =>
    callApi(
      MAKE_PATHS.openLessonStarter,
      { method: 'POST', json: {} },
      (s) => s.makeLessonStarterOpenedSchema,
    ),
};

export default function StartersBar({ onOpen }: StartersBarProps) {
  const { t, tApp, language } = useStarterTexts();
  const lang = language === 'en' ? 'en' : 'zh-CN';
  const queryClient = useQueryClient();
  useThumbnails(queryClient);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();

  const starters = useQuery({
    queryKey: makeKeys.starters(),
    // The stage's blocks must be registered before asking Blockly which blocks it has.
    queryFn: async () => {
      await loadStageBlocks();
      return availableStarters((type) => type in Blockly.Blocks);
    },
    enabled: pickerOpen,
    staleTime: Infinity,
  });
  const lesson = useQuery({
    queryKey: makeKeys.lessonStarter(),
    queryFn: ({ signal }) => lessonRequests.read(signal),
    refetchInterval: 30_000,
  });

  const refreshList = () => queryClient.invalidateQueries({ queryKey: makeKeys.projects() });

  const startFrom = async (starter: MakeStarter) => {
    setBusy(true);
    try {
      const made = await makeRequests.createProject({
        name: starter.name[lang],
        workspace: starter.workspace[lang],
      });
      await refreshList();
      setPickerOpen(false);
      await onOpen(made.id, made);
    } finally {
      setBusy(false);
    }
  };

  const openLesson = async () => {
    setBusy(true);
    try {
      const { project } = await lessonRequests.open();
      await Promise.all([
        refreshList(),
        queryClient.invalidateQueries({ queryKey: makeKeys.lessonStarter() }),
      ]);
      await onOpen(project.id);
    } finally {
      setBusy(false);
    }
  };

  // The lesson banner's link (`/make?lesson=open`): open the lesson's project once, then drop the parameter.
  const wantsLesson = params.get(OPEN_LESSON_PARAM) === 'open';
  const handled = useRef(false);
  useEffect(() => {
    if (!wantsLesson || handled.current || lesson.isPending) return;
    handled.current = true;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete(OPEN_LESSON_PARAM);
        return next;
      },
      { replace: true },
    );
    // After this render: opening shows its progress (state), which an effect must not set as it runs.
    if (lesson.data)
      void Promise.resolve()
        .then(openLesson)
        .catch(() => undefined);
  });

  return (
    <>
      <div className="make-starters-bar">
        <Button
          aria-expanded={pickerOpen}
          aria-controls="make-starters"
          onClick={() => setPickerOpen((open) => !open)}
        >
          {t('newFromStarter')}
        </Button>
        {lesson.data && (
          <div
            className="make-lesson-starter"
            role="region"
            aria-label={t('lessonTitle', { name: lesson.data.name })}
          >
            <span>{t('lessonTitle', { name: lesson.data.name })}</span>
            <Button type="primary" disabled={busy} onClick={() => void openLesson().catch(() => undefined)}>
              {lesson.data.projectId === null ? t('lessonOpen') : t('lessonOpenAgain')}
            </Button>
            <span className="make-lesson-starter-hint">{t('lessonHint')}</span>
          </div>
        )}
        {busy && (
          <span role="status" className="make-save-state">
            {t('making')}
          </span>
        )}
      </div>
      {pickerOpen && (
        <section id="make-starters" className="make-projects" aria-labelledby="make-starters-title">
          <header className="make-projects-header">
            <h2 id="make-starters-title">{t('pickerTitle')}</h2>
            <Button
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('close')}
              onClick={() => setPickerOpen(false)}
            />
          </header>
          <p className="make-starters-hint">{t('pickerHint')}</p>
          {starters.data?.length === 0 && <p className="make-empty">{t('none')}</p>}
          <ul className="make-starter-list" aria-label={t('pickerTitle')}>
            {starters.data?.map((starter) => (
              <li key={starter.id} className="make-starter-item">
                <strong>{starter.name[lang]}</strong>
                <p>{starter.description[lang]}</p>
                {starter.lab && (
                  <p className="make-project-when">
                    {t('goesWith', { lab: tApp(`labs.${starter.lab}.title`) })}
                  </p>
                )}
                <Button
                  disabled={busy}
                  aria-label={t('useItem', { name: starter.name[lang] })}
                  onClick={() => void startFrom(starter).catch(() => undefined)}
                >
                  {t('use')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
