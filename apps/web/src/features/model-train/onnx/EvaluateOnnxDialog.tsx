/**
 * Evaluates one uploaded ONNX model on a project's test pictures in the browser, shows the metrics (cls: the
 * same view as the training page; det: AP per class), and records the evaluation on the server.
 */
import { Alert, Button, Form, Input, InputNumber, Modal, Progress, Select, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { OnnxModel, TrainKind, TrainProject } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateEvaluation, useProjectImages } from '../api/hooks.ts';
import { ClsEvaluationView } from '../evaluation/ClsEvaluationView.tsx';
import { DetMetricsView } from '../evaluation/DetMetricsView.tsx';
import { evaluateOnnxModel, OnnxEvalError, type OnnxEvalProgress, type OnnxEvalResult } from './evaluate.ts';
import { logTrainApiUse } from './experience.ts';
import {
  decodeParams,
  inputLayout,
  metadataInputSize,
  metadataLabels,
  metadataTask,
  parseLabels,
  testImages,
} from './model-config.ts';
import { texts } from './i18n.ts';

interface Values {
  projectId: number;
  task: TrainKind;
  inputSize: number;
  labels: string;
}

export function EvaluateOnnxDialog({
  model,
  projects,
  onClose,
}: {
  model: OnnxModel | null;
  projects: TrainProject[];
  onClose: () => void;
}) {
  return model ? <EvaluateOnnx key={model.id} model={model} projects={projects} onClose={onClose} /> : null;
}

function EvaluateOnnx({
  model,
  projects,
  onClose,
}: {
  model: OnnxModel;
  projects: TrainProject[];
  onClose: () => void;
}) {
  const { t } = useFeatureTranslation('model-train-onnx', texts);
  const [form] = Form.useForm<Values>();
  const metaTask = metadataTask(model);
  const metaLabels = metadataLabels(model);
  const metaSize = metadataInputSize(model);
  const task = Form.useWatch('task', form) ?? metaTask ?? 'cls';
  const projectId = Form.useWatch('projectId', form);
  const candidates = projects.filter((p) => p.kind === task && p.imageCount > 0);
  const project = projects.find((p) => p.id === projectId) ?? null;
  const images = useProjectImages(project?.id);
  const test = useMemo(
    () => (project && images.data ? testImages(project, images.data) : []),
    [project, images.data],
  );
  const [progress, setProgress] = useState<OnnxEvalProgress | null>(null);
  const [result, setResult] = useState<OnnxEvalResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const record = useCreateEvaluation();
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const values = await form.validateFields();
    if (!project) return;
    setFailure(null);
    setResult(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const outcome = await evaluateOnnxModel({
        url: model.url,
        config: {
          task: values.task,
          inputSize: values.inputSize,
          labels: parseLabels(values.labels),
          layout: inputLayout(model),
          ...decodeParams(model),
        },
        project,
        images: test,
        onProgress: setProgress,
        signal: controller.signal,
      });
      setResult(outcome);
      const saved = await record
        .mutateAsync({
          projectId: project.id,
          model: { source: 'onnx', id: model.id },
          imageCount: outcome.imageCount,
          metrics: outcome.metrics,
        })
        .catch(() => null);
      if (saved) {
        logTrainApiUse('/api/evaluation');
        toast(t('eval.saved'), 'success');
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof OnnxEvalError && error.code !== 'loadFailed' && error.code !== 'badOutput') {
        setFailure(t(`eval.errors.${error.code}`));
      } else if (error instanceof OnnxEvalError) {
        setFailure(`${t(`eval.errors.${error.code}`)} (${error.message})`);
      } else {
        setFailure(
          t('eval.errors.failed', { message: error instanceof Error ? error.message : String(error) }),
        );
      }
    } finally {
      setProgress(null);
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const running = progress !== null;
  return (
    <Modal
      open
      title={t('eval.title', { name: model.name })}
      onCancel={close}
      footer={null}
      width={860}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={running}
        initialValues={{
          task: metaTask ?? 'cls',
          inputSize: metaSize ?? (metaTask === 'det' ? 320 : 224),
          labels: metaLabels?.join(', ') ?? '',
          projectId: projects.find((p) => p.kind === (metaTask ?? 'cls') && p.imageCount > 0)?.id,
        }}
      >
        <Space wrap align="start">
          <Form.Item name="task" label={t('eval.task')} extra={metaTask ? t('eval.fromMetadata') : undefined}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: 'cls', label: 'cls' },
                { value: 'det', label: 'det' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="inputSize"
            label={t('eval.inputSize')}
            rules={[{ required: true }]}
            extra={metaSize ? t('eval.fromMetadata') : undefined}
          >
            <InputNumber min={32} max={1024} />
          </Form.Item>
          <Form.Item name="projectId" label={t('eval.project')} rules={[{ required: true }]}>
            <Select
              style={{ minWidth: 240 }}
              options={candidates.map((p) => ({ value: p.id, label: p.name }))}
              notFoundContent={t('eval.noProjects')}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="labels"
          label={t('eval.labels')}
          extra={metaLabels ? t('eval.fromMetadata') : t('eval.labelsHelp')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input />
        </Form.Item>
        <Space>
          <Button
            type="primary"
            onClick={() => void run()}
            loading={running}
            disabled={!project || images.isLoading}
          >
            {t('eval.run')}
          </Button>
          {project && images.data && (
            <Typography.Text type="secondary">{t('eval.testImages', { count: test.length })}</Typography.Text>
          )}
        </Space>
      </Form>
      {progress && (
        <div className="mt-onnx-progress">
          <Typography.Text>
            {t('eval.running', { done: progress.done, total: progress.total })}
          </Typography.Text>
          <Progress percent={Math.round((progress.done / Math.max(1, progress.total)) * 100)} size="small" />
        </div>
      )}
      {failure && <Alert type="error" showIcon title={failure} className="mt-onnx-alert" />}
      {result && (
        <div className="mt-onnx-result">
          {result.metrics.task === 'cls' ? (
            <ClsEvaluationView
              metrics={result.metrics}
              images={images.data ?? []}
              predictions={result.predictions}
            />
          ) : (
            <DetMetricsView metrics={result.metrics} imageCount={result.imageCount} />
          )}
        </div>
      )}
    </Modal>
  );
}
