import { useMemo } from 'react';
import { Typography } from 'antd';
import { TrainerPage } from '../../features/trainer/components/trainer-page.tsx';
import { createImageAdapter } from './image-adapter.ts';
import { SLUG } from './meta.ts';
import { useTexts } from './use-texts.ts';

/** Image classifier trainer: camera frames or photos → backbone embeddings → a small head trained here. */
export default function TrainImageLab() {
  const { t } = useTexts();
  const adapter = useMemo(() => createImageAdapter(), []);
  const defaults = useMemo(() => [t('classes.first'), t('classes.second')], [t]);
  return (
    <TrainerPage
      slug={SLUG}
      adapter={adapter}
      tip={t('tip')}
      defaultClasses={defaults}
      howTo={<Typography.Paragraph type="secondary">{t('howTo')}</Typography.Paragraph>}
    />
  );
}
