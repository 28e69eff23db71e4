/**
 * The optional cloud tools (Volcengine's old-photo repair, enhancement and super-resolution through the
 * school's AI gateway): nothing leaves the browser unless the button is pressed; each costs credits, charged
 * only when a picture comes back. A school without the tools set up tells students to ask their teacher; the
 * rest of the lab works the same.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Radio, Typography } from 'antd';
import { CloudUploadOutlined, RedoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ImageFixCloudCall } from '@ai-edu/contract';
import { CostButton } from '../../../components/cost-button.tsx';
import { ProviderNotConfigured } from '../../../components/provider-not-configured.tsx';
import { aiProblemText } from '../../../lib/ai-problem.ts';
import { applyBalance } from '../../../lib/credit-balance.ts';
import {
  CloudFixError,
  cloudCost,
  cloudSizeProblem,
  newFixKey,
  pictureDataUrl,
  resultCanvas,
  sendToCloud,
  useVolcStatus,
  type CloudProblem,
} from '../cloud-api.ts';
import { useTexts } from '../use-texts.ts';

export interface CloudPanelProps {
  picture: HTMLCanvasElement;
  onResult: (call: ImageFixCloudCall, picture: HTMLCanvasElement) => void;
  onShrink: (maxSide: number) => void;
}

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; charged: boolean }
  | { kind: 'failed'; problem: CloudProblem };

export function CloudPanel({ picture, onResult, onShrink }: CloudPanelProps) {
  const { t, tApp } = useTexts();
  const queryClient = useQueryClient();
  const status = useVolcStatus();
  const [call, setCall] = useState<ImageFixCloudCall>('volc_repair');
  const [colourise, setColourise] = useState(false);
  const [hdr, setHdr] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [notConfigured, setNotConfigured] = useState(false);
  /** The last request, sent again unchanged on retry: never charged twice. */
  const last = useRef<{ call: ImageFixCloudCall; body: { image: string; idempotencyKey: string } } | null>(
    null,
  );
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const cost = cloudCost(status.data);
  const costText = tApp('lab.cost', { count: cost });
  const sending = state.kind === 'sending';

  const send = (
    target: ImageFixCloudCall,
    body: { image: string; idempotencyKey: string } & Record<string, unknown>,
  ) => {
    last.current = { call: target, body };
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'sending' });
    sendToCloud(target, body, abort.signal)
      .then(async (result) => {
        applyBalance(queryClient, result.balance);
        onResult(target, await resultCanvas(result.image));
        setState({ kind: 'done', charged: result.charged });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        const problem: CloudProblem =
          error instanceof CloudFixError
            ? error.problem
            : { kind: 'generic', message: error instanceof Error ? error.message : String(error) };
        if (problem.kind === 'notConfigured') setNotConfigured(true);
        void queryClient.invalidateQueries({ queryKey: ['user-info'] });
        setState({ kind: 'failed', problem });
      });
  };

  const start = async () => {
    if (sending) return;
    const sizeProblem = cloudSizeProblem(call, picture.width, picture.height);
    if (sizeProblem) {
      setState({ kind: 'failed', problem: sizeProblem });
      return;
    }
    const image = await pictureDataUrl(picture);
    const options = call === 'volc_repair' ? { colourise } : call === 'volc_enhance' ? { hdr } : {};
    send(call, { image, idempotencyKey: newFixKey(), ...options });
  };

  if (status.data?.configured === false || notConfigured) {
    return (
      <div className="fix-panel" data-testid="fix-cloud">
        <ProviderNotConfigured
          backToLabs={false}
          title={t('cloud.notConfigured.title')}
          text={t('cloud.notConfigured.text')}
          adminText={t('cloud.notConfigured.adminText')}
          settings={[
            ['AI_VOLC_ACCESS_KEY', t('cloud.notConfigured.accessKey')],
            ['AI_VOLC_SECRET_KEY', t('cloud.notConfigured.secretKey')],
            ['AI_VOLC_REGION', t('cloud.notConfigured.region')],
          ]}
          docs={t('cloud.notConfigured.docs')}
        />
      </div>
    );
  }

  const problem = state.kind === 'failed' ? state.problem : null;
  return (
    <div className="fix-panel" data-testid="fix-cloud" aria-busy={sending}>
      <Typography.Paragraph>{t('cloud.intro')}</Typography.Paragraph>
      <Alert type="info" showIcon icon={<CloudUploadOutlined />} message={t('cloud.privacy')} />
      <Radio.Group
        className="fix-cloud-tools"
        value={call}
        onChange={(event) => setCall(event.target.value as ImageFixCloudCall)}
      >
        <Radio value="volc_repair">{t('cloud.repair')}</Radio>
        <Radio value="volc_enhance">{t('cloud.enhance')}</Radio>
        <Radio value="volc_px">{t('cloud.px')}</Radio>
      </Radio.Group>
      {call === 'volc_repair' && (
        <Checkbox checked={colourise} onChange={(event) => setColourise(event.target.checked)}>
          {t('cloud.colourise')}
        </Checkbox>
      )}
      {call === 'volc_enhance' && (
        <Checkbox checked={hdr} onChange={(event) => setHdr(event.target.checked)}>
          {t('cloud.hdr')}
        </Checkbox>
      )}
      <div className="fix-row">
        <CostButton
          cost={cost}
          type="primary"
          loading={sending || status.isPending}
          onClick={() => void start()}
        >
          {sending ? t('cloud.sending') : t('cloud.button')}
        </CostButton>
        <Typography.Text type="secondary" className="fix-cloud-rule">
          {t('cloud.chargeRule')}
        </Typography.Text>
      </div>
      <div role="status" aria-live="polite">
        {state.kind === 'done' && (
          <Alert
            type="success"
            showIcon
            message={state.charged ? t('cloud.done', { cost: costText }) : t('cloud.replay')}
          />
        )}
        {problem?.kind === 'tooLarge' && (
          <Alert
            type="warning"
            showIcon
            message={t('cloud.tooLarge', { max: problem.maxSide })}
            action={
              <Button size="small" onClick={() => onShrink(problem.maxSide)}>
                {t('shrink', { max: problem.maxSide })}
              </Button>
            }
          />
        )}
        {problem?.kind === 'tooSmall' && <Alert type="warning" showIcon message={t('cloud.tooSmall')} />}
        {problem && problem.kind !== 'tooLarge' && problem.kind !== 'tooSmall' && (
          <Alert
            type="error"
            showIcon
            message={aiProblemText(problem, t, costText)}
            action={
              !['denied', 'session', 'credits'].includes(problem.kind) ? (
                <Button
                  size="small"
                  icon={<RedoOutlined />}
                  onClick={() => last.current && send(last.current.call, last.current.body)}
                >
                  {t('cloud.retry')}
                </Button>
              ) : undefined
            }
          />
        )}
      </div>
    </div>
  );
}
