import {
  createElement,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { ErrorPage } from '../../../components/error-page.tsx';
import { LabFrame, LabFrameNotice } from '../../../components/lab-frame.tsx';
import { paths } from '../../../config/paths.ts';
import type { LabSlug } from '@ai-edu/contract';
import { useCurrentUser } from '../../../features/auth/index.ts';
import {
  ClassCreditsNotice,
  isLockedByLesson,
  lessonLockState,
  MY_CLASS_KEY,
  useMyClass,
  useMyClassTranslation,
  useRunningLesson,
} from '../../../features/classes/my-class/index.ts';
import { toast } from '../../../lib/toast.ts';
import { canOpenLab, findLab, LAB_REGISTRY, type LabEntry } from '../../../labs/registry.ts';
import { useExperienceLog } from './use-experience-log.ts';
import './labs.css';

// Its own chunk, like a lab's: a failure to load or render it stays inside the lab's error boundary.
const LabComingSoon = lazy(() => import('./lab-coming-soon.tsx'));

/** One lazy component per lab, made once at start (nothing loads until a lab is rendered). */
const LAB_COMPONENTS = new Map<string, LazyExoticComponent<ComponentType>>(
  LAB_REGISTRY.map((lab) => [lab.slug, lab.load ? lazy(lab.load) : LabComingSoon]),
);

function LabContent({ slug }: { slug: string }) {
  // A stable component picked from a table built at start; createElement says so to the hooks linter.
  return createElement(LAB_COMPONENTS.get(slug) ?? LabComingSoon);
}

function LabDenied({ lab }: { lab: LabEntry }) {
  const { t } = useTranslation();
  return (
    <LabFrame slug={lab.slug}>
      <Result
        className="lab-denied"
        icon={<LockOutlined className="lab-denied-icon" />}
        title={t('lab.deniedTitle')}
        subTitle={t('lab.deniedText')}
        extra={
          <Link to={paths.aiLab}>
            <Button type="primary">{t('lab.backToLabs')}</Button>
          </Link>
        }
      />
    </LabFrame>
  );
}

function LabCrashed({ lab, error, reset }: { lab: LabEntry; error: unknown; reset: () => void }) {
  const { t } = useTranslation();
  return (
    <LabFrame slug={lab.slug}>
      <ErrorPage
        title={t('lab.crashedTitle')}
        subTitle={t('lab.crashedText')}
        refreshLabel={t('lab.reloadLab')}
        onRefresh={reset}
        error={error}
        extra={
          <Link to={paths.aiLab}>
            <Button>{t('lab.backToLabs')}</Button>
          </Link>
        }
      />
    </LabFrame>
  );
}

/**
 * The lab is locked by the student's running lesson: back to the lab index (replacing this entry, so 'back'
 * does not return here), with a toast and, on the index, an alert listing the labs open now.
 */
function LessonLockRedirect({ lab, open }: { lab: LabEntry; open: readonly LabSlug[] }) {
  const { t } = useMyClassTranslation();
  const navigate = useNavigate();
  const message = t('lesson.lockedToast');
  useEffect(() => {
    toast(message, 'warning');
    void navigate(paths.aiLab, {
      replace: true,
      state: lessonLockState(lab.slug, open),
    });
  }, [lab.slug, message, navigate, open]);
  return <LabLoading />;
}

function LabLoading() {
  return (
    <div className="lab-loading">
      <Skeleton active title paragraph={{ rows: 6 }} />
    </div>
  );
}

/**
 * `/ailab/:slug` and `/edu/ailab/:slug`: the route-permission check, then the lab's own chunk inside its
 * own error boundary, with experience logs while it is open.
 */
export default function LabPage() {
  const { slug } = useParams();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const myClass = useMyClass();
  const queryClient = useQueryClient();
  const lab = findLab(slug);
  const lesson = useRunningLesson();
  const lockedByLesson = lab !== undefined && isLockedByLesson(lesson, lab.slug);
  const allowed = lab !== undefined && canOpenLab(user?.labs, lab.slug) && !lockedByLesson;
  // Not allowed, and the class (whose lesson may say why) is being asked: wait rather than flash "denied".
  const waiting = lab !== undefined && !allowed && !lockedByLesson && myClass.isFetching;
  useExperienceLog(pathname, allowed);

  // A lesson may have started (or ended) since sign-in: ask the server's open labs again as a lab opens.
  useEffect(() => {
    if (!lab?.slug) return;
    void queryClient.invalidateQueries({ queryKey: ['user-info'] });
    void queryClient.invalidateQueries({ queryKey: MY_CLASS_KEY });
  }, [lab?.slug, queryClient]);

  if (!lab) return <Navigate to={paths.home} replace />;
  if (lockedByLesson && lesson) return <LessonLockRedirect lab={lab} open={lesson.labs} />;
  if (waiting) return <LabLoading />;
  if (!allowed) return <LabDenied lab={lab} />;
  return (
    <LabFrameNotice value={ClassCreditsNotice}>
      <ErrorBoundary
        key={lab.slug}
        name={`lab ${lab.slug}`}
        fallback={(error, reset) => <LabCrashed lab={lab} error={error} reset={reset} />}
      >
        <Suspense fallback={<LabLoading />}>
          <LabContent slug={lab.slug} />
        </Suspense>
      </ErrorBoundary>
    </LabFrameNotice>
  );
}
