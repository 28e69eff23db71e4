import { Collapse } from 'antd';
import { useTexts } from '../use-texts.ts';

const STEPS = ['squeeze', 'look', 'describe', 'teach', 'painting'] as const;

/** "How does it guess?": the steps from a drawing to the bars, and what teaching and painting add. */
export function HowItWorks() {
  const { t } = useTexts();
  return (
    <Collapse
      className="wp-how"
      defaultActiveKey={['how']}
      items={[
        {
          key: 'how',
          label: t('how.title'),
          children: (
            <ol className="wp-how-steps">
              {STEPS.map((step) => (
                <li key={step}>{t(`how.steps.${step}`)}</li>
              ))}
            </ol>
          ),
        },
      ]}
    />
  );
}
