import { Button, Card, Statistic } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import type { Snapshot } from '../game/controller.ts';
import { texts } from '../i18n.ts';
import { SeedInput } from './seed-input.tsx';

interface PlayPanelProps {
  snapshot: Snapshot;
  seed: number;
  onSeed: (seed: number) => void;
  onTryAi: () => void;
}

export function PlayPanel({ snapshot, seed, onSeed, onTryAi }: PlayPanelProps) {
  const { t } = useLabTranslation('flappyBird', texts);
  return (
    <div className="fb-panel">
      <Card className="fb-card" title={t('play.title')}>
        <div className="fb-stats fb-stats-2">
          <Statistic title={t('play.score')} value={snapshot.score} />
          <Statistic title={t('play.best')} value={snapshot.best} />
        </div>
      </Card>
      <Card className="fb-card" title={t('play.howTo')}>
        <ul className="fb-howto">
          <li>{t('play.keys')}</li>
          <li>{t('play.mouse')}</li>
          <li>{t('play.goal')}</li>
        </ul>
        <div className="fb-seed-row">
          <SeedInput value={seed} onChange={onSeed} />
          <span className="fb-muted">{t('play.seedHint')}</span>
        </div>
      </Card>
      <Card className="fb-card fb-try-ai">
        <p>{t('play.tryAi')}</p>
        <Button type="primary" icon={<RobotOutlined />} onClick={onTryAi}>
          {t('play.tryAiButton')}
        </Button>
      </Card>
    </div>
  );
}
