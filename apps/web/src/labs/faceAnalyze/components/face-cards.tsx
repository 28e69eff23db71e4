/** One card per face: what the models guessed, each with how sure they were. */
import { Card, Descriptions, Empty, Progress } from 'antd';
import type { FaceResult } from '../../../lib/vision/human.ts';
import { useTexts, type LabT } from '../use-texts.ts';

const percent = (value: number | undefined) => `${Math.round((value ?? 0) * 100)} %`;

function genderText(t: LabT, face: FaceResult): string {
  if (face.gender === 'female') return t('face.female');
  if (face.gender === 'male') return t('face.male');
  return t('face.unknown');
}

function FaceCard({ face, index }: { face: FaceResult; index: number }) {
  const { t } = useTexts();
  const emotion = face.emotion?.[0];
  return (
    <Card
      size="small"
      title={t('face.title', { n: index + 1 })}
      className="fa-face-card"
      data-testid="face-card"
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('face.age')}>
          <span data-testid="face-age">
            {face.age !== undefined ? t('face.ageValue', { age: Math.round(face.age) }) : '–'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('face.gender')}>
          <span data-testid="face-gender">{genderText(t, face)}</span>
          {face.genderScore !== undefined &&
            ` · ${t('face.confidence', { percent: percent(face.genderScore) })}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('face.emotion')}>
          {emotion
            ? `${t(`emotions.${emotion.emotion}`)} · ${t('face.confidence', { percent: percent(emotion.score) })}`
            : '–'}
        </Descriptions.Item>
        <Descriptions.Item label={t('face.detection')}>
          <Progress percent={Math.round(face.score * 100)} size="small" />
        </Descriptions.Item>
        <Descriptions.Item label={t('face.meshLabel')}>
          {t('face.mesh', { count: face.mesh.length })}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function FaceCards({ faces, empty }: { faces: readonly FaceResult[]; empty: string }) {
  if (faces.length === 0) return <Empty description={empty} />;
  return (
    <div className="fa-face-cards">
      {faces.map((face, index) => (
        <FaceCard key={face.id} face={face} index={index} />
      ))}
    </div>
  );
}
