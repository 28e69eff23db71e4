/** Before a game: how to play, the 40 things the network knows and the words the class taught it. */
import { Button, Card, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { keyName } from '../game.ts';
import { useTexts } from '../use-texts.ts';

export interface StartScreenProps {
  schoolWords: readonly string[];
  onPlay: () => void;
  disabled: boolean;
}

export function StartScreen({ schoolWords, onPlay, disabled }: StartScreenProps) {
  const { t, lang } = useTexts();
  return (
    <Card className="qd-start">
      <Typography.Title level={3}>{t('start.title')}</Typography.Title>
      <ol className="qd-rules">
        <li>{t('start.rule1')}</li>
        <li>{t('start.rule2')}</li>
        <li>{t('start.rule3')}</li>
      </ol>
      <Button type="primary" size="large" icon={<EditOutlined />} onClick={onPlay} disabled={disabled}>
        {t('start.play')}
      </Button>
      <Typography.Title level={5} className="qd-knows-title">
        {t('start.knows')}
      </Typography.Title>
      <div className="qd-knows" data-testid="qd-knows">
        {DOODLE_CATEGORIES.map((c) => (
          <Tag key={c.id}>{keyName(c.id, lang)}</Tag>
        ))}
      </div>
      {schoolWords.length > 0 && (
        <>
          <Typography.Title level={5} className="qd-knows-title">
            {t('start.schoolKnows')}
          </Typography.Title>
          <div className="qd-knows">
            {schoolWords.map((word) => (
              <Tag key={word} color="purple">
                {word}
              </Tag>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
