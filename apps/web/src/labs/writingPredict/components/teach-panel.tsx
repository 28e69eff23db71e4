/**
 * "Teach it something new": name a label, add the current drawing as one of its examples, and keep the
 * labels (listed with their examples, deletable, exported to a file and imported again).
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Popconfirm, Space, Tag, Typography, Upload } from 'antd';
import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { DoodleBitmap } from '../../../features/doodles/components/doodle-bitmap.tsx';
import { MIN_EXAMPLES } from '../predictions.ts';
import {
  addExample,
  bytesInput,
  EXPORT_FILE_NAME,
  LABEL_MAX_CHARS,
  MAX_FILE_BYTES,
  mergeLabels,
  parseLabels,
  removeExample,
  removeLabel,
  serialiseLabels,
  type FileProblem,
  type TaughtLabel,
} from '../taught-labels.ts';
import { useTexts } from '../use-texts.ts';

interface TeachPanelProps {
  labels: readonly TaughtLabel[];
  onLabels: (labels: TaughtLabel[]) => void;
  /** The drawing on the pad as the network's input (null while blank). */
  input: Float32Array | null;
  /** Called after the drawing became an example: the pad is cleared for the next one. */
  onAdded: () => void;
}

type Notice = { type: 'success' | 'info' | 'warning' | 'error'; text: string; detail?: string };

function downloadText(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function TeachPanel({ labels, onLabels, input, onAdded }: TeachPanelProps) {
  const { t } = useTexts();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);

  const add = () => {
    if (!input) {
      setNotice({ type: 'warning', text: t('teach.needDrawing') });
      return;
    }
    const result = addExample(labels, name, input);
    if (!result.ok) {
      setNotice({ type: 'error', text: t(`teach.errors.${result.problem}`) });
      return;
    }
    onLabels(result.labels);
    onAdded();
    const label = result.label.name;
    const missing = MIN_EXAMPLES - result.label.examples.length;
    setNotice(
      missing > 0
        ? {
            type: 'info',
            text: `${t('teach.added', { name: label })} ${t('teach.needMore', { name: label, count: missing })}`,
          }
        : {
            type: 'success',
            text: `${t('teach.added', { name: label })} ${t('teach.ready', { name: label })}`,
          },
    );
  };

  const importFile = async (file: File) => {
    const failed = (problem: FileProblem) =>
      setNotice({
        type: 'error',
        text: t('teach.importFailed', { file: file.name }),
        detail: t(`teach.fileErrors.${problem}`),
      });
    if (file.size > MAX_FILE_BYTES) return failed('tooLarge');
    const parsed = parseLabels(await file.text());
    if (!parsed.ok) return failed(parsed.problem);
    const merged = mergeLabels(labels, parsed.labels);
    if (!merged.ok) return failed(merged.problem);
    onLabels(merged.labels);
    setNotice({ type: 'success', text: t('teach.imported', { count: parsed.labels.length }) });
  };

  const exportFile = () => {
    downloadText(serialiseLabels(labels), EXPORT_FILE_NAME);
    setNotice({ type: 'success', text: t('teach.exported', { file: EXPORT_FILE_NAME }) });
  };

  return (
    <Card title={t('teach.title')} className="wp-teach" data-testid="wp-teach">
      <Typography.Paragraph type="secondary">
        {t('teach.intro', { count: MIN_EXAMPLES })}
      </Typography.Paragraph>
      <Space.Compact className="wp-teach-form">
        <Input
          aria-label={t('teach.name')}
          placeholder={t('teach.namePlaceholder')}
          value={name}
          maxLength={LABEL_MAX_CHARS}
          showCount
          onChange={(event) => setName(event.target.value)}
          onPressEnter={add}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={add}>
          {t('teach.add')}
        </Button>
      </Space.Compact>
      <div role="status" aria-live="polite" className="wp-teach-status">
        {notice && (
          <Alert
            type={notice.type}
            showIcon
            message={notice.text}
            description={notice.detail}
            closable
            onClose={() => setNotice(null)}
          />
        )}
      </div>

      <div className="wp-labels-head">
        <Typography.Title level={5}>{t('teach.list')}</Typography.Title>
        <Space wrap>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('teach.import')}</Button>
          </Upload>
          <Button icon={<DownloadOutlined />} disabled={labels.length === 0} onClick={exportFile}>
            {t('teach.export')}
          </Button>
        </Space>
      </div>
      {labels.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('teach.listEmpty')} />
      ) : (
        <ul className="wp-labels" aria-label={t('teach.list')}>
          {labels.map((label) => (
            <li key={label.name} className="wp-label" data-testid="wp-label">
              <div className="wp-label-head">
                <strong className="wp-label-name">{label.name}</strong>
                <Tag variant="filled" color={label.examples.length >= MIN_EXAMPLES ? 'purple' : 'default'}>
                  {t('teach.examples', { count: label.examples.length })}
                </Tag>
                {label.examples.length < MIN_EXAMPLES && (
                  <Typography.Text type="secondary">{t('teach.notReady')}</Typography.Text>
                )}
                <Popconfirm
                  title={t('teach.deleteConfirm', { name: label.name })}
                  okText={t('teach.delete')}
                  cancelText={t('teach.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onLabels(removeLabel(labels, label.name))}
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('teach.deleteLabel', { name: label.name })}
                  />
                </Popconfirm>
              </div>
              <ul className="wp-label-examples">
                {label.examples.map((example, i) => (
                  <li key={i} className="wp-label-example">
                    <DoodleBitmap
                      pixels={bytesInput(example)}
                      label={t('teach.example', { n: i + 1, name: label.name })}
                      size={44}
                    />
                    <Button
                      type="text"
                      size="small"
                      className="wp-label-example-remove"
                      icon={<CloseOutlined />}
                      aria-label={t('teach.removeExample', { n: i + 1, name: label.name })}
                      onClick={() => onLabels(removeExample(labels, label.name, i))}
                    />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <Typography.Paragraph type="secondary" className="wp-saved-note">
        {t('teach.saved')}
      </Typography.Paragraph>
    </Card>
  );
}
