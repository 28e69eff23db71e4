/**
 * The studio's sharing buttons (issue 26): Share (the open project's dialog), the class gallery and, for
 * teachers, their classes' projects. The dialog and panels are chunks of their own, fetched when first opened:
 * `/make`'s first load has a budget (docs/make-studio.md, "First load"), which is also why these buttons have
 * no icons.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import type { MakeProjectSummary } from '@ai-edu/contract';
import { isTeacher, useSessionUser } from '../../../lib/session-user.ts';
import { useMakeTexts } from '../use-texts.ts';

const ShareDialog = lazy(() => import('./share-dialog.tsx'));
const ClassGalleryPanel = lazy(() =>
  import('./class-panels.tsx').then((m) => ({ default: m.ClassGalleryPanel })),
);
const TeachingPanel = lazy(() => import('./class-panels.tsx').then((m) => ({ default: m.TeachingPanel })));

type Open = 'share' | 'gallery' | 'teaching' | null;

export interface SharingBarProps {
  /** The open project as the list has it (its sharing state), or null when none is open. */
  project: MakeProjectSummary | null;
}

export function SharingButtons({
  project,
  open,
  onToggle,
}: SharingBarProps & { open: Open; onToggle: (o: Open) => void }) {
  const { t } = useMakeTexts();
  const teacher = isTeacher(useSessionUser());
  return (
    <>
      {project && (
        <Button
          aria-haspopup="dialog"
          aria-expanded={open === 'share'}
          onClick={() => onToggle(open === 'share' ? null : 'share')}
        >
          {t('sharing.share')}
        </Button>
      )}
      <Button
        aria-expanded={open === 'gallery'}
        aria-controls="make-gallery"
        onClick={() => onToggle(open === 'gallery' ? null : 'gallery')}
      >
        {t('sharing.gallery')}
      </Button>
      {teacher && (
        <Button
          aria-expanded={open === 'teaching'}
          aria-controls="make-teaching"
          onClick={() => onToggle(open === 'teaching' ? null : 'teaching')}
        >
          {t('sharing.teaching')}
        </Button>
      )}
    </>
  );
}

export function SharingPanels({
  project,
  open,
  onClose,
}: SharingBarProps & { open: Open; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      {open === 'share' && project && <ShareDialog project={project} onClose={onClose} />}
      {open === 'gallery' && <ClassGalleryPanel onClose={onClose} />}
      {open === 'teaching' && <TeachingPanel onClose={onClose} />}
    </Suspense>
  );
}

/** Which sharing panel is open (one at a time). */
export function useSharingPanel() {
  return useState<Open>(null);
}
