import { useMemo } from 'react';
import { Typography } from 'antd';
import { TrainerPage } from '../../features/trainer/components/trainer-page.tsx';
import { SLUG } from './meta.ts';
import { createPoseAdapter } from './pose-adapter.ts';
import { useTexts } from './use-texts.ts';

/** Pose classifier trainer: MoveNet body keypoints → normalised → a small head trained here. */
export default function TrainPoseLab() {
  const { t } = useTexts();
  const adapter = useMemo(() => createPoseAdapter(), []);
  const defaults = useMemo(() => [t('classes.first'), t('classes.second'), t('classes.third')], [t]);
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
