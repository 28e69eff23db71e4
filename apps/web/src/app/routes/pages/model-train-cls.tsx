import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/upcoming-page.tsx';
import { paths } from '../../../config/paths.ts';

/** Classification training (spec §2 'modelTrain/mmedu/cls'). */
export default function ModelTrainClsPage() {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={<AppstoreOutlined />}
      title={t('pages.modelTrainCls.title')}
      description={t('pages.modelTrainCls.description')}
      backTo={paths.modelTrain}
      features={t('pages.modelTrainCls.features', { returnObjects: true })}
    />
  );
}
