import { Card, Typography } from 'antd';
import { useTexts } from '../use-texts.ts';

/** How photo and screen attacks work, and why liveness matters. */
export function LearnSection() {
  const { t } = useTexts();
  return (
    <Card title={t('learn.title')} className="frc-learn">
      <Typography.Paragraph>{t('learn.why')}</Typography.Paragraph>
      <Typography.Paragraph>{t('learn.photo')}</Typography.Paragraph>
      <Typography.Paragraph>{t('learn.screen')}</Typography.Paragraph>
      <Typography.Paragraph>{t('learn.masks')}</Typography.Paragraph>
    </Card>
  );
}
