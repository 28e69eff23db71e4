/**
 * A score from a handful of test pictures means little (one picture: 100 % or 0 %); the evaluation views
 * say so beside it, and how many pictures would do (the rule: packages/ml test-split-size.ts).
 */
import { Alert } from 'antd';
import { MIN_TEST_IMAGES_PER_CLASS, smallTestSplit } from '@ai-edu/ml/model-train/test-split-size.ts';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

export function SmallTestSplitNotice({ images, classes }: { images: number; classes: number }) {
  const { t } = useFeatureTranslation('model-train-evaluation', texts);
  const small = smallTestSplit(images, classes);
  if (!small) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="small-test-split"
      title={t('smallTestSplit', {
        count: small.images,
        margin: Math.round(small.margin * 100),
        needed: small.needed,
        perClass: MIN_TEST_IMAGES_PER_CLASS,
      })}
    />
  );
}
