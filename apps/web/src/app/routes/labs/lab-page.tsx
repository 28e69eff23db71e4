import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { ErrorPage } from '../../../components/error-page.tsx';
import { LabFrame } from '../../../components/lab-frame.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../features/auth/index.ts';
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
  const lab = findLab(slug);
  const allowed = lab !== undefined && canOpenLab(user?.labs, lab.slug);
  useExperienceLog(pathname, allowed);

  if (!lab) return <Navigate to={paths.home} replace />;
  if (!allowed) return <LabDenied lab={lab} />;
  return (
    <ErrorBoundary
      key={lab.slug}
      name={`lab ${lab.slug}`}
      fallback={(error, reset) => <LabCrashed lab={lab} error={error} reset={reset} />}
    >
      <Suspense fallback={<LabLoading />}>
        <LabContent slug={lab.slug} />
      </Suspense>
    </ErrorBoundary>
  );
}
