/**
 * Sketch to picture: the drawing on the pad (black lines on white) and the student's optional words go to
 * the school's painting model through the AI gateway; the painting comes back beside the sketch, ready to
 * download. The button shows the cost; a failure says why and that nothing was charged. A server without a
 * painting provider says so here, and the rest of the page works as before.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Image, Input, Spin, Typography } from 'antd';
import { CloudUploadOutlined, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { SKETCH_PROMPT_MAX, type SketchToImageRequest, type SketchToImageResult } from '@ai-edu/contract';
import { CostButton } from '../../../components/cost-button.tsx';
import { ProviderNotConfigured } from '../../../components/provider-not-configured.tsx';
import { PAD_PIXELS, type PadStroke } from '../../../features/doodles/components/doodle-pad.tsx';
import { aiProblemText, type AiProblem } from '../../../lib/ai-problem.ts';
import { applyBalance, refreshBalance } from '../../../lib/credit-balance.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import {
  downloadUrl,
  newSketchKey,
  sketchCanvas,
  sketchCost,
  SketchError,
  sketchToImage,
  useAiStatus,
} from '../sketch-api.ts';
import { useTexts } from '../use-texts.ts';

type PanelState =
  | { kind: 'idle' }
  | { kind: 'noSketch' }
  | { kind: 'painting'; sketch: string }
  | { kind: 'done'; sketch: string; painting: SketchToImageResult }
  /** `request` is sent again as it was on retry (same key): never charged twice. */
  | { kind: 'failed'; sketch: string; problem: AiProblem; request: SketchToImageRequest };

/** Whether pressing "try again" with the same sketch and key (never charged twice) can help. */
const canRetry = (problem: AiProblem) =>
  !['notConfigured', 'denied', 'session', 'credits'].includes(problem.kind);

export function SketchPanel({ strokes }: { strokes: readonly PadStroke[] }) {
  const { t, tApp } = useTexts();
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const balance = useSessionUser()?.quotaInfo.total_balance;
  const [prompt, setPrompt] = useState('');
  const [state, setState] = useState<PanelState>({ kind: 'idle' });
  const [notConfigured, setNotConfigured] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  // Leaving the page cancels the painting; the server refunds it.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const cost = sketchCost(status.data);
  const costText = tApp('lab.cost', { count: cost });
  const painting = state.kind === 'painting';
  const errorText = (key: string, options: Record<string, unknown>) =>
    (t as unknown as (k: string, o: Record<string, unknown>) => string)(`sketch.${key}`, options);

  const send = (request: SketchToImageRequest) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    const sketch = request.image;
    setState({ kind: 'painting', sketch });
    sketchToImage(request, controller.signal)
      .then((result) => {
        applyBalance(queryClient, result.balance);
        setState({ kind: 'done', sketch, painting: result });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const problem: AiProblem =
          error instanceof SketchError
            ? error.problem
            : { kind: 'generic', message: error instanceof Error ? error.message : String(error) };
        if (problem.kind === 'notConfigured') {
          setNotConfigured(true);
          void queryClient.invalidateQueries({ queryKey: ['ai-status'] });
        }
        // The balance as the server has it now (the reservation was refunded).
        refreshBalance(queryClient);
        setState({ kind: 'failed', sketch, problem, request });
      })
      .finally(() => {
        if (controllerRef.current === controller) controllerRef.current = null;
      });
  };

  const start = () => {
    if (painting) return;
    if (strokes.length === 0) {
      setState({ kind: 'noSketch' });
      return;
    }
    const image = sketchCanvas(strokes, PAD_PIXELS).toDataURL('image/png');
    send({ image, prompt: prompt.trim() || undefined, idempotencyKey: newSketchKey() });
  };

  if (status.data?.image === false || notConfigured) {
    return (
      <Card title={t('sketch.title')} className="wp-sketch" data-testid="wp-sketch">
        <ProviderNotConfigured
          className="wp-sketch-not-configured"
          backToLabs={false}
          title={t('sketch.notConfigured.title')}
          text={t('sketch.notConfigured.text')}
          adminText={t('sketch.notConfigured.adminText')}
          settings={[
            ['AI_IMAGE_BASE_URL', t('sketch.notConfigured.baseUrl')],
            ['AI_IMAGE_API_KEY', t('sketch.notConfigured.apiKey')],
            ['AI_IMAGE_MODEL', t('sketch.notConfigured.model')],
          ]}
          docs={t('sketch.notConfigured.docs')}
        />
      </Card>
    );
  }

  const sketch =
    state.kind === 'painting' || state.kind === 'done' || state.kind === 'failed' ? state.sketch : null;
  return (
    <Card title={t('sketch.title')} className="wp-sketch" data-testid="wp-sketch" aria-busy={painting}>
      <Typography.Paragraph type="secondary">{t('sketch.intro')}</Typography.Paragraph>
      <Alert type="info" showIcon icon={<CloudUploadOutlined />} message={t('sketch.privacy')} />
      <div className="wp-sketch-form">
        <Input
          aria-label={t('sketch.prompt')}
          placeholder={t('sketch.promptPlaceholder')}
          value={prompt}
          maxLength={SKETCH_PROMPT_MAX}
          showCount
          disabled={painting}
          onChange={(event) => setPrompt(event.target.value)}
        />
        <CostButton cost={cost} type="primary" loading={painting || status.isPending} onClick={start}>
          {painting ? t('sketch.painting') : t('sketch.button')}
        </CostButton>
      </div>
      <Typography.Text type="secondary">{t('sketch.chargeRule')}</Typography.Text>
      <div role="status" aria-live="polite" className="wp-sketch-status">
        {state.kind === 'noSketch' && <Alert type="warning" showIcon message={t('sketch.needDrawing')} />}
        {state.kind === 'done' && (
          <Alert type="success" showIcon message={t('sketch.done', { cost: costText })} />
        )}
        {state.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            message={aiProblemText(state.problem, errorText, costText)}
            description={
              state.problem.kind === 'provider' && balance !== undefined
                ? t('sketch.refunded', { balance: tApp('lab.cost', { count: balance }) })
                : undefined
            }
            action={
              canRetry(state.problem) ? (
                <Button size="small" icon={<RedoOutlined />} onClick={() => send(state.request)}>
                  {t('sketch.errors.retry')}
                </Button>
              ) : undefined
            }
          />
        )}
      </div>
      {sketch && (
        <div className="wp-sketch-result">
          <figure>
            <img src={sketch} alt={t('sketch.yourSketch')} className="wp-sketch-image" />
            <figcaption>{t('sketch.yourSketch')}</figcaption>
          </figure>
          <figure>
            {state.kind === 'done' ? (
              <Image src={state.painting.url} alt={t('sketch.paintingAlt')} className="wp-sketch-image" />
            ) : (
              <div className="wp-sketch-waiting">
                {painting && (
                  <>
                    <Spin />
                    <Typography.Text type="secondary">{t('sketch.wait')}</Typography.Text>
                  </>
                )}
              </div>
            )}
            <figcaption>
              {t('sketch.result')}
              {state.kind === 'done' && (
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  href={downloadUrl(state.painting.url)}
                  download
                >
                  {t('sketch.download')}
                </Button>
              )}
            </figcaption>
          </figure>
        </div>
      )}
    </Card>
  );
}
