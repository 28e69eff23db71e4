/** The active challenge: steps in a random order, each ticked when the face mesh shows it done. */
import { Alert, Button, Card, Steps, Typography } from 'antd';
import { challengeDone, type ChallengeState } from '@ai-edu/ml/face/liveness.ts';
import { useTexts } from '../use-texts.ts';

export interface ChallengeCardProps {
  challenge: ChallengeState | null;
  canStart: boolean;
  onStart: () => void;
}

export function ChallengeCard({ challenge, canStart, onStart }: ChallengeCardProps) {
  const { t } = useTexts();
  const done = challenge !== null && challengeDone(challenge);
  const step = challenge?.steps[challenge.current];
  return (
    <Card title={t('challenge.title')} size="small" data-testid="challenge">
      <Typography.Paragraph type="secondary">{t('challenge.intro')}</Typography.Paragraph>
      {challenge && (
        <Steps
          orientation="vertical"
          size="small"
          current={challenge.current}
          items={challenge.steps.map((s) => ({ title: t(`challenge.steps.${s}`) }))}
        />
      )}
      {step && (
        <Typography.Title level={4} data-testid="challenge-now">
          {t('challenge.now', { step: t(`challenge.steps.${step}`) })}
        </Typography.Title>
      )}
      {done && <Alert type="success" showIcon message={t('challenge.done')} />}
      <Button type={challenge ? 'default' : 'primary'} disabled={!canStart} onClick={onStart}>
        {challenge ? t('challenge.restart') : t('challenge.start')}
      </Button>
    </Card>
  );
}
