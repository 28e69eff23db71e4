import { DeploymentUnitOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/upcoming-page.tsx';

/** Model training (spec §2 'modelTrain'). */
export default function ModelTrainPage() {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={<DeploymentUnitOutlined />}
      title={t('pages.modelTrain.title')}
      description={t('pages.modelTrain.description')}
      hideBack
      features={t('pages.modelTrain.features', { returnObjects: true })}
    />
  );
}
