import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/upcoming-page.tsx';
import { paths } from '../../../config/paths.ts';

/** Detection training (spec §2 'modelTrain/mmedu/det'). */
export default function ModelTrainDetPage() {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={<AimOutlined />}
      title={t('pages.modelTrainDet.title')}
      description={t('pages.modelTrainDet.description')}
      backTo={paths.modelTrain}
      features={t('pages.modelTrainDet.features', { returnObjects: true })}
    />
  );
}
