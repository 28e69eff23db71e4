import { Card } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { privacyTexts } from './privacy-texts.ts';
import { teacherCanSee } from './teacher-can-see.ts';
import { useMyClass } from './use-my-class.ts';
import './my-class.css';

/**
 * On a student's settings page: plainly, what their teacher can see of their AI use and for how long
 * (issue 16). Nothing for someone in no class.
 */
export function TeacherCanSeeCard() {
  const { t, tApp } = useFeatureTranslation('my-class-privacy', privacyTexts);
  const { data } = useMyClass();
  if (!data) return null;
  const { review } = data;
  const teachers = data.teachers.join(t('listSeparator'));
  return (
    <Card
      className="teacher-can-see"
      title={
        <span>
          <EyeOutlined aria-hidden /> {t('privacy.title')}
        </span>
      }
      data-testid="teacher-can-see"
    >
      <p>{t('privacy.intro', { className: data.className })}</p>
      <ul>
        {teacherCanSee(review).map((line) => (
          <li key={'lab' in line ? `${line.key}-${line.lab}` : line.key}>
            {'lab' in line ? t(line.key, { lab: tApp(`labs.${line.lab}.title`) }) : t(line.key)}
          </li>
        ))}
      </ul>
      {review.labs.length > 0 && <p>{t('privacy.kept', { days: review.retentionDays })}</p>}
      {teachers && <p>{t('privacy.ask', { teachers })}</p>}
    </Card>
  );
}
