import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIP_SCHOOL } from '@ai-edu/contract';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../features/auth/index.ts';
import { ClassArea } from '../../../features/classes/class-area.tsx';

/** `/class` (spec §2): linked for vip 2 only; anyone else who opens it learns why it is not theirs. */
export default function ClassPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if ((user?.authInfo.vip ?? 0) < VIP_SCHOOL) {
    return (
      <PageFrame title={t('pages.class.title')} hideBack>
        <Result
          status="403"
          title={t('pages.class.schoolOnly')}
          subTitle={t('pages.class.schoolOnlyText')}
          extra={
            <Link to={paths.contact}>
              <Button type="primary">{t('account.contactForAuth')}</Button>
            </Link>
          }
        />
      </PageFrame>
    );
  }
  return <ClassArea title={t('pages.class.title')} />;
}
