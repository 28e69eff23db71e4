import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useAdminTranslation } from '../i18n.ts';

/** For signed-in users who are not administrators. */
export function Forbidden() {
  const { t } = useAdminTranslation();
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('forbidden.text')}
      className="admin-forbidden"
      extra={
        <Link to="/">
          <Button type="primary">{t('forbidden.home')}</Button>
        </Link>
      }
    />
  );
}
