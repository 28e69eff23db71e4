import { useMemo } from 'react';
import { Typography } from 'antd';
import { TrainerPage } from '../../features/trainer/components/trainer-page.tsx';
import { SLUG } from './meta.ts';
import { createHandAdapter } from './hand-adapter.ts';
import { useTexts } from './use-texts.ts';

/** Hand gesture trainer: 21 hand landmarks → normalised → a small head trained here. */
export default function TrainHandPoseLab() {
  const { t } = useTexts();
  const adapter = useMemo(() => createHandAdapter(), []);
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
