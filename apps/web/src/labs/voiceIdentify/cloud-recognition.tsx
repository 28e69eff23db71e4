/**
 * Full speech recognition through the school's speech provider: one paid button, a progress line while the
 * task is polled (with cancel), then the text with its sentence and word times. Says plainly when the
 * provider is not set up (students: ask your teacher; admins: how to set it up).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Radio, Space, Table, Typography } from 'antd';
import { CloudUploadOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { RecTask, SpeechLanguage, SpeechSegment } from '@ai-edu/contract';
import { CostButton } from '../../components/cost-button.tsx';
import { ProviderNotConfigured } from '../../components/provider-not-configured.tsx';
import { aiProblemText } from '../../lib/ai-problem.ts';
import { labCost, useAiStatus } from '../../lib/ai-status.ts';
import { applyBalance } from '../../lib/credit-balance.ts';
import type { AudioClip } from '../../lib/microphone/audio-clip.ts';
import { newRecognitionKey, recognise, RecognitionError } from './speech-api.ts';
import { useTexts } from './use-texts.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'needClip' }
  | { kind: 'running'; step: 'sending' | 'waiting' | 'doing' }
  | { kind: 'cancelled' }
  | { kind: 'done'; task: RecTask }
  | { kind: 'failed'; kindOfProblem: string; message: string };

export interface CloudRecognitionProps {
  clip: AudioClip | null;
  /** Hands the sentence (or word) times to the waveform. */
  onSegments: (segments: SpeechSegment[]) => void;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

export function CloudRecognition({ clip, onSegments }: CloudRecognitionProps) {
  const { t, tApp } = useTexts();
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const [language, setLanguage] = useState<SpeechLanguage>('zh');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [notConfigured, setNotConfigured] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  // Leaving the page stops the polling; the server refunds a task nobody finishes.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const cost = labCost(status.data, 'voiceIdentify');
  const costText = tApp('lab.cost', { count: cost });
  const running = state.kind === 'running';

  const start = () => {
    if (running) return;
    if (!clip) {
      setState({ kind: 'needClip' });
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ kind: 'running', step: 'sending' });
    onSegments([]);
    recognise(clip, language, newRecognitionKey(), controller.signal, (task) => {
      applyBalance(queryClient, task.balance);
      if (task.status === 'waiting' || task.status === 'doing')
        setState({ kind: 'running', step: task.status });
    })
      .then((task) => {
        if (task.status === 'failed') {
          setState({ kind: 'failed', kindOfProblem: 'failedTask', message: task.error ?? '' });
          return;
        }
        setState({ kind: 'done', task });
        onSegments(task.words.length ? task.words : task.segments);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const problem =
          error instanceof RecognitionError
            ? error.problem
            : { kind: 'generic' as const, message: error instanceof Error ? error.message : String(error) };
        if (problem.kind === 'notConfigured') {
          setNotConfigured(true);
          void queryClient.invalidateQueries({ queryKey: ['ai-status'] });
        }
        void queryClient.invalidateQueries({ queryKey: ['user-info'] });
        setState({ kind: 'failed', kindOfProblem: problem.kind, message: problem.message });
      })
      .finally(() => {
        if (controllerRef.current === controller) controllerRef.current = null;
      });
  };

  const cancel = () => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setState({ kind: 'cancelled' });
    void queryClient.invalidateQueries({ queryKey: ['user-info'] });
  };

  if (status.data?.speech === false || notConfigured) {
    return (
      <section className="vi-cloud" data-testid="vi-cloud">
        <ProviderNotConfigured
          backToLabs={false}
          title={t('cloud.notConfigured.title')}
          text={t('cloud.notConfigured.text')}
          adminText={t('cloud.notConfigured.adminText')}
          settings={[
            ['AI_SPEECH_VENDOR', t('cloud.notConfigured.vendor')],
            ['AI_SPEECH_BASE_URL', t('cloud.notConfigured.baseUrl')],
            ['AI_SPEECH_API_KEY', t('cloud.notConfigured.apiKey')],
            ['AI_SPEECH_MODEL', t('cloud.notConfigured.model')],
          ]}
          docs={t('cloud.notConfigured.docs')}
        />
      </section>
    );
  }

  const task = state.kind === 'done' ? state.task : null;
  const columns = [
    { title: '', dataIndex: 'text', key: 'text' },
    {
      title: 's',
      key: 'time',
      render: (_: unknown, row: SpeechSegment) => `${seconds(row.startMs)} – ${seconds(row.endMs)}`,
    },
  ];

  return (
    <section className="vi-cloud" data-testid="vi-cloud" aria-busy={running}>
      <Typography.Paragraph>{t('cloud.intro')}</Typography.Paragraph>
      <Alert type="info" showIcon icon={<CloudUploadOutlined />} message={t('cloud.privacy')} />
      <Space wrap className="vi-cloud-action">
        <span>{t('cloud.language')}</span>
        <Radio.Group
          value={language}
          onChange={(event) => setLanguage(event.target.value as SpeechLanguage)}
          optionType="button"
          disabled={running}
          options={[
            { value: 'zh', label: t('cloud.zh') },
            { value: 'en', label: t('cloud.en') },
          ]}
        />
        <CostButton
          cost={cost}
          type="primary"
          loading={running || status.isPending}
          onClick={start}
          data-testid="vi-recognise"
        >
          {t('cloud.button')}
        </CostButton>
        {running && (
          <Button icon={<StopOutlined />} onClick={cancel}>
            {t('cloud.cancel')}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary">{t('cloud.chargeRule')}</Typography.Paragraph>
      <div role="status" aria-live="polite" data-testid="vi-cloud-status">
        {state.kind === 'needClip' && <Alert type="warning" showIcon message={t('cloud.needClip')} />}
        {state.kind === 'running' && <Alert type="info" showIcon message={t(`cloud.${state.step}`)} />}
        {state.kind === 'cancelled' && <Alert type="warning" showIcon message={t('cloud.cancelled')} />}
        {task && !task.text && <Alert type="warning" showIcon message={t('cloud.empty')} />}
        {task?.text && (
          <Alert
            type="success"
            showIcon
            message={task.charged ? t('cloud.done', { cost: costText }) : t('cloud.replay')}
          />
        )}
        {state.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            data-testid="vi-cloud-error"
            message={
              state.kindOfProblem === 'failedTask'
                ? t('cloud.failed', { message: state.message })
                : aiProblemText(
                    { kind: state.kindOfProblem, message: state.message },
                    (key: string, options?: Record<string, unknown>) => t(`cloud.${key}` as never, options),
                    costText,
                  )
            }
          />
        )}
      </div>
      {task?.text && (
        <div className="vi-result">
          <Typography.Title level={5}>{t('cloud.resultTitle')}</Typography.Title>
          <Typography.Paragraph className="vi-transcript" data-testid="vi-transcript" copyable>
            {task.text}
          </Typography.Paragraph>
          {(task.segments.length > 0 || task.words.length > 0) && (
            <Typography.Paragraph type="secondary">{t('cloud.timesHint')}</Typography.Paragraph>
          )}
          {task.segments.length > 0 && (
            <Table
              size="small"
              pagination={false}
              rowKey={(row) => `${row.startMs}-${row.text}`}
              columns={[{ ...columns[0]!, title: t('cloud.sentences') }, columns[1]!]}
              dataSource={task.segments}
            />
          )}
          {task.words.length > 0 && (
            <Table
              size="small"
              pagination={false}
              rowKey={(row) => `${row.startMs}-${row.text}`}
              columns={[{ ...columns[0]!, title: t('cloud.words') }, columns[1]!]}
              dataSource={task.words}
            />
          )}
        </div>
      )}
    </section>
  );
}
