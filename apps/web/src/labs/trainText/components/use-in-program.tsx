/**
 * "Use in a program" (issue 26, docs/make-studio.md "Hearing and reading"): keeps the trained classifier in this
 * browser's model library for the block studio (as JSON, packages/ml/src/text/model-json.ts) and opens the
 * studio with a starter that classifies a typed sentence. Waits for a model trained on the current examples.
 */
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { textClassifierToJson, type TextClassifier } from '@ai-edu/ml/text/index.ts';
import { paths } from '../../../config/paths.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { toast } from '../../../lib/toast.ts';
import { SLUG } from '../meta.ts';
import { useTexts } from '../use-texts.ts';

/** The features a text model reads: the studio refuses a model made for others. */
export const TEXT_MODEL_EXTRACTOR = 'text-ngrams-softmax';

export function UseInProgram({
  model,
  classNames,
}: {
  model: TextClassifier | null;
  classNames: readonly string[];
}) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const owner = useSessionUser()?.uid;
  const keep = async () => {
    if (!model || !owner) return;
    try {
      // Its own chunk, as in the other trainers.
      const { keepProgramModel, newProgramModelId } = await import('../../../lib/program-models.ts');
      const id = newProgramModelId();
      await keepProgramModel({
        id,
        owner,
        name: classNames.join(' / '),
        input: 'text',
        extractor: TEXT_MODEL_EXTRACTOR,
        labels: [...classNames],
        lab: SLUG,
        modelJson: textClassifierToJson(model),
        weights: new ArrayBuffer(0),
        savedAt: new Date().toISOString(),
      });
      await navigate(`${paths.make}?model=${id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast(t('program.failed', { message }), 'error');
    }
  };
  return (
    <div className="tt-use-in-program">
      <Button onClick={() => void keep()} disabled={!model || !owner}>
        {t('program.use')}
      </Button>
      <span className="tt-use-in-program-hint">{t('program.hint')}</span>
    </div>
  );
}
