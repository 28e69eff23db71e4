import { Card, Typography } from 'antd';
import { useTexts } from '../use-texts.ts';

/** What the model can and cannot know, and its bias. */
export function LearnSection() {
  const { t } = useTexts();
  return (
    <Card title={t('learn.title')} className="fa-learn">
      <Typography.Paragraph>{t('learn.steps')}</Typography.Paragraph>
      <Typography.Paragraph>{t('learn.cannot')}</Typography.Paragraph>
      <Typography.Paragraph>{t('learn.bias')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('learn.privacy')}</Typography.Paragraph>
    </Card>
  );
}
