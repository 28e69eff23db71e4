import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../components/error-page.tsx';

/** A page crashed (render error or a chunk that failed to load): the error page inside the shell. */
export function PageErrorElement() {
  const error = useRouteError();
  console.error('page error', error);
  return <ErrorPage error={error} />;
}

/** The shell itself crashed: the router's fallback, still with refresh and the details. */
export function AppErrorElement() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('application error', error);
  return (
    <div className="app-crash">
      <ErrorPage title={t('errors.unexpected')} error={error} />
    </div>
  );
}
