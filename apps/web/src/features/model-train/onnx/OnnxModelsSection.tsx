/** “My ONNX models”: upload (the server's refusal shown as is), the list with what the server read, delete, evaluate. */
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, ExperimentOutlined, UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { MODEL_TRAIN, type OnnxModel, type TrainProject } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteOnnx, useOnnxModels, useUploadOnnx } from '../api/hooks.ts';
import { UploadError } from '../api/multipart.ts';
import { formatBytes } from '../dataset/format.ts';
import { EvaluateOnnxDialog } from './EvaluateOnnxDialog.tsx';
import { logTrainApiUse } from './experience.ts';
import { metadataLabels, metadataTask } from './model-config.ts';
import { texts } from './i18n.ts';
import './onnx.css';

const MAX_MB = MODEL_TRAIN.maxModelBytes / 1024 / 1024;

const shapeText = (shape: (string | number | null)[]) => `[${shape.map((d) => d ?? '?').join(', ')}]`;

/** A model name from its file name: no extension, at most 60 characters. */
export function modelNameOf(fileName: string): string {
  const base = fileName.replace(/\.onnx$/i, '').trim() || 'model';
  return [...base].slice(0, 60).join('');
}

export function OnnxModelsSection({ projects }: { projects: TrainProject[] }) {
  const { t } = useFeatureTranslation('model-train-onnx', texts);
  const models = useOnnxModels();
  const upload = useUploadOnnx();
  const remove = useDeleteOnnx();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [evaluating, setEvaluating] = useState<OnnxModel | null>(null);

  const send = async (file: File) => {
    setRefusal(null);
    if (file.size > MODEL_TRAIN.maxModelBytes) {
      setRefusal(t('tooBig', { mb: MAX_MB }));
      return;
    }
    try {
      const model = await upload.mutateAsync({ name: modelNameOf(file.name), file, fileName: file.name });
      logTrainApiUse('/api/onnx/upload');
      toast(t('uploaded', { name: model.name }), 'success');
    } catch (error) {
      // The server's message is already in the user's language: shown as it is.
      setRefusal(error instanceof UploadError ? error.message : String(error));
    }
  };

  return (
    <section className="mt-section mt-onnx" aria-label={t('title')}>
      <header className="mt-section-head">
        <Typography.Title level={3}>{t('title')}</Typography.Title>
        <Upload
          accept=".onnx"
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {upload.isPending ? t('uploading') : t('upload')}
          </Button>
        </Upload>
      </header>
      <Typography.Paragraph type="secondary">{t('help', { mb: MAX_MB })}</Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setRefusal(null)}
          title={t('refused')}
          description={<span className="mt-onnx-refusal">{refusal}</span>}
          className="mt-onnx-alert"
        />
      )}
      <Table<OnnxModel>
        size="small"
        rowKey="id"
        loading={models.isLoading}
        dataSource={models.data ?? []}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: true }}
        columns={[
          { title: t('columns.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
          { title: t('columns.size'), dataIndex: 'bytes', render: (bytes: number) => formatBytes(bytes) },
          {
            title: t('columns.task'),
            key: 'task',
            render: (_, model) => {
              const task = metadataTask(model);
              return task ? (
                <Tag>{task}</Tag>
              ) : (
                <Typography.Text type="secondary">{t('unknown')}</Typography.Text>
              );
            },
          },
          {
            title: t('columns.labels'),
            key: 'labels',
            render: (_, model) => {
              const labels = metadataLabels(model);
              return labels ? (
                <span className="mt-onnx-labels">{labels.join(', ')}</span>
              ) : (
                <Typography.Text type="secondary">{t('unknown')}</Typography.Text>
              );
            },
          },
          {
            title: t('columns.inputs'),
            key: 'inputs',
            render: (_, model) =>
              model.inputs.map((input) => (
                <div key={input.name}>
                  <code>
                    {input.name} {shapeText(input.shape)}
                  </code>
                </div>
              )),
          },
          {
            title: t('columns.outputs'),
            key: 'outputs',
            render: (_, model) =>
              model.outputs.map((output) => (
                <div key={output.name}>
                  <code>
                    {output.name} {shapeText(output.shape)}
                  </code>
                </div>
              )),
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, model) => (
              <Space wrap>
                <Button
                  size="small"
                  type="primary"
                  icon={<ExperimentOutlined />}
                  onClick={() => setEvaluating(model)}
                >
                  {t('evaluate')}
                </Button>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  href={model.url}
                  download={`${model.name}.onnx`}
                >
                  {t('download')}
                </Button>
                <Popconfirm
                  title={t('deleteConfirm', { name: model.name })}
                  onConfirm={() => void remove.mutateAsync(model.id).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EvaluateOnnxDialog model={evaluating} projects={projects} onClose={() => setEvaluating(null)} />
    </section>
  );
}
