/**
 * The text lab's optional cloud handwriting reader: one paid button that sends the current photo to the
 * school's vision model through the AI gateway and hands the text back to the page. Nothing leaves the
 * browser unless the button is pressed; the page says so next to it, and says plainly when the school has
 * not set the provider up (students: ask your teacher; admins: how to set it up).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { CloudUploadOutlined, RedoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { CostButton } from '../../components/cost-button.tsx';
import { ProviderNotConfigured } from '../../components/provider-not-configured.tsx';
import { applyBalance } from '../../lib/credit-balance.ts';
import { CloudReadError, readHandwriting, readingCost, useAiStatus } from './cloud-api.ts';
import { useCloudTranslation } from './cloud-i18n.ts';
import {
  canRetry,
  newReadKey,
  photoTooLarge,
  stateOfResult,
  type CloudProblem,
  type CloudState,
} from './cloud-logic.ts';
import './cloud-handwriting.css';
import { aiProblemText } from '../../lib/ai-problem.ts';

export interface CloudHandwritingPanelProps {
  /** The photo to read now (the page's current picture), or undefined when there is none yet. */
  getImage: () => Promise<Blob | undefined>;
  /** Receives the text the cloud AI read (never called with an empty text). */
  onText: (text: string) => void;
}

export function CloudHandwritingPanel({ getImage, onText }: CloudHandwritingPanelProps) {
  const { t, tApp } = useCloudTranslation();
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const [state, setState] = useState<CloudState>({ kind: 'idle' });
  const [notConfigured, setNotConfigured] = useState(false);
  /** The last photo and its key, sent again as they were on retry: never charged twice. */
  const lastRequest = useRef<{ photo: Blob; key: string } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  // Leaving the page cancels the reading; the server refunds it.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const cost = readingCost(status.data);
  const costText = tApp('lab.cost', { count: cost });
  const reading = state.kind === 'reading';

  const send = (photo: Blob, key: string) => {
    lastRequest.current = { photo, key };
    if (photoTooLarge(photo)) {
      setState({ kind: 'failed', problem: { kind: 'tooLarge', message: '' } });
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ kind: 'reading' });
    readHandwriting(photo, key, controller.signal)
      .then((result) => {
        applyBalance(queryClient, result.balance);
        setState(stateOfResult(result));
        if (result.text) onText(result.text);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const problem: CloudProblem =
          error instanceof CloudReadError
            ? error.problem
            : { kind: 'generic', message: error instanceof Error ? error.message : String(error) };
        if (problem.kind === 'notConfigured') {
          setNotConfigured(true);
          void queryClient.invalidateQueries({ queryKey: ['ai-status'] });
        }
        // A refusal may have followed a charge made elsewhere (another tab): show the balance as it is.
        void queryClient.invalidateQueries({ queryKey: ['user-info'] });
        setState({ kind: 'failed', problem });
      })
      .finally(() => {
        if (controllerRef.current === controller) controllerRef.current = null;
      });
  };

  const start = async () => {
    if (reading) return;
    const photo = await getImage();
    if (!photo) {
      setState({ kind: 'noPhoto' });
      return;
    }
    send(photo, newReadKey());
  };

  const retry = () => {
    if (lastRequest.current && !reading) send(lastRequest.current.photo, lastRequest.current.key);
  };

  if (status.data?.vision === false || notConfigured) {
    return (
      <section className="cloud-handwriting" data-testid="cloud-handwriting">
        <ProviderNotConfigured
          className="cloud-handwriting-not-configured"
          backToLabs={false}
          title={t('notConfigured.title')}
          text={t('notConfigured.text')}
          adminText={t('notConfigured.adminText')}
          settings={[
            ['AI_VISION_BASE_URL', t('notConfigured.baseUrl')],
            ['AI_VISION_API_KEY', t('notConfigured.apiKey')],
            ['AI_VISION_MODEL', t('notConfigured.model')],
          ]}
          docs={t('notConfigured.docs')}
        />
      </section>
    );
  }

  return (
    <section className="cloud-handwriting" data-testid="cloud-handwriting" aria-busy={reading}>
      <Typography.Title level={5} className="cloud-handwriting-title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Alert type="info" showIcon icon={<CloudUploadOutlined />} message={t('privacy')} />
      <div className="cloud-handwriting-action">
        <CostButton
          cost={cost}
          type="primary"
          loading={reading || status.isPending}
          onClick={() => void start()}
        >
          {reading ? t('reading') : t('button')}
        </CostButton>
        <Typography.Text type="secondary">{t('chargeRule')}</Typography.Text>
      </div>
      <div role="status" aria-live="polite">
        {state.kind === 'noPhoto' && <Alert type="warning" showIcon message={t('noPhoto')} />}
        {state.kind === 'done' && (
          <Alert
            type="success"
            showIcon
            message={state.charged ? t('done', { count: state.characters, cost: costText }) : t('replay')}
          />
        )}
        {state.kind === 'empty' && <Alert type="warning" showIcon message={t('empty')} />}
        {state.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            message={aiProblemText(state.problem, t, costText)}
            action={
              canRetry(state.problem) ? (
                <Button size="small" icon={<RedoOutlined />} onClick={retry}>
                  {t('errors.retry')}
                </Button>
              ) : undefined
            }
          />
        )}
      </div>
    </section>
  );
}
