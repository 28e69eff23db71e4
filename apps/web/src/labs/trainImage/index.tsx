import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Typography } from 'antd';
import { TrainerPage } from '../../features/trainer/components/trainer-page.tsx';
import { createImageAdapter } from './image-adapter.ts';
import { SLUG } from './meta.ts';
import { useTexts } from './use-texts.ts';

/** Image classifier trainer: camera frames or photos → backbone embeddings → a small head trained here. */
export default function TrainImageLab() {
  const { t } = useTexts();
  const adapter = useMemo(() => createImageAdapter(), []);
  // Opened for the robot (`?source=robot`, from /embodiment): the sign reader's classes and how to record them.
  const forRobot = useSearchParams()[0].get('source') === 'robot';
  const defaults = useMemo(
    () =>
      forRobot
        ? [t('robot.classes.road'), t('robot.classes.stop')]
        : [t('classes.first'), t('classes.second')],
    [t, forRobot],
  );
  return (
    <TrainerPage
      slug={SLUG}
      adapter={adapter}
      tip={t('tip')}
      defaultClasses={defaults}
      howTo={
        <Typography.Paragraph type="secondary">{t(forRobot ? 'robot.howTo' : 'howTo')}</Typography.Paragraph>
      }
      robotCamera
    />
  );
}
