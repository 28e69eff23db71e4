/**
 * The Export tab (cls and det): download the model as ONNX (everything in one file) or TF.js (zip), save
 * either on the server (the project's saved models), a short Python snippet for the ONNX file, and (cls) "Use
 * in a program": the model joins this browser's library for the block studio, which opens a starter with it.
 */
import { useState } from 'react';
import { Alert, Button, Card, Input, List, Select, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { ModelFormat, TrainRunSummary } from '@ai-edu/contract';
import { download } from '../../trainer/media.ts';
import { useSaveModel } from '../api/index.ts';
import { paths } from '../../../config/paths.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { toast } from '../../../lib/toast.ts';
import { getModel } from './model-store.ts';
import { pythonSnippetFor } from './python.ts';
import type { TrainingSession } from './use-training-session.ts';
import { useTrainingTexts } from './use-texts.ts';

/** A file name from the project's name (letters, digits, - and _ kept). */
export function fileStem(name: string): string {
  return (
    name
      .trim()
      .replace(/[^\p{L}\p{N}_-]+/gu, '_')
      .replace(/^_+|_+$/g, '') || 'model'
  );
}

export function ExportPanel({ session }: { session: TrainingSession }) {
  const { t } = useTrainingTexts();
  const { model, project, client } = session;
  const saveModel = useSaveModel(project.id);
  const [busy, setBusy] = useState<'onnx' | 'tfjs' | 'save' | 'program' | null>(null);
  const navigate = useNavigate();
  const owner = useSessionUser()?.uid;
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState(() => project.name.slice(0, 60));
  const [format, setFormat] = useState<ModelFormat>('onnx');

  if (!model) return <Alert type="info" showIcon title={t('noModel')} />;

  const file = async (which: ModelFormat): Promise<Blob> =>
    which === 'onnx'
      ? new Blob([(await client.exportOnnx()) as BlobPart], { type: 'application/octet-stream' })
      : client.exportTfjs();

  const run = async (what: NonNullable<typeof busy>, act: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await act();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const metrics = model.evaluation?.metrics;
  const summary: TrainRunSummary = {
    at: model.savedAt,
    epochs: model.outcome.epochs,
    trainMs: Math.round(model.outcome.trainMs + model.outcome.featureMs),
    accuracy: metrics?.task === 'cls' ? metrics.accuracy : null,
    map: metrics?.task === 'det' ? metrics.map : null,
  };
  const stem = fileStem(project.name);

  const useInProgram = async () => {
    const stored = await getModel(project.id, 'cls');
    if (!stored || !owner) throw new Error(t('export.programNoModel'));
    // Their own chunk: neither the studio's library nor its id maker is needed until this is pressed.
    const [{ keepProgramModel, newProgramModelId }, { programModelOf }] = await Promise.all([
      import('../../../lib/program-models.ts'),
      import('./program-model.ts'),
    ]);
    const id = newProgramModelId();
    await keepProgramModel(
      programModelOf(stored, { id, owner, name: project.name, savedAt: new Date().toISOString() }),
    );
    await navigate(`${paths.make}?model=${id}`);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title={t('export.title')}>
        <Space direction="vertical">
          <Space wrap>
            <Button
              type="primary"
              loading={busy === 'onnx'}
              disabled={busy !== null}
              onClick={() =>
                void run('onnx', async () =>
                  download(await file('onnx'), 'application/octet-stream', `${stem}.onnx`),
                )
              }
            >
              {t('export.onnx')}
            </Button>
            <Typography.Text type="secondary">{t('export.onnxHelp')}</Typography.Text>
          </Space>
          <Space wrap>
            <Button
              loading={busy === 'tfjs'}
              disabled={busy !== null}
              onClick={() =>
                void run('tfjs', async () =>
                  download(await file('tfjs'), 'application/zip', `${stem}-tfjs.zip`),
                )
              }
            >
              {t('export.tfjs')}
            </Button>
            <Typography.Text type="secondary">{t('export.tfjsHelp')}</Typography.Text>
          </Space>
          <Space wrap>
            <Input
              aria-label={t('export.saveName')}
              placeholder={t('export.saveName')}
              maxLength={60}
              value={name}
              onChange={(e) => setName(e.target.value)}
              style={{ width: 220 }}
            />
            <Select
              aria-label={t('export.saveFormat')}
              value={format}
              onChange={setFormat}
              options={[
                { value: 'onnx', label: 'ONNX' },
                { value: 'tfjs', label: 'TF.js' },
              ]}
            />
            <Button
              loading={busy === 'save'}
              disabled={busy !== null || name.trim() === ''}
              onClick={() =>
                void run('save', async () => {
                  await saveModel.mutateAsync({
                    name: name.trim(),
                    format,
                    summary,
                    file: await file(format),
                  });
                  toast(t('export.saved', { name: name.trim() }), 'success');
                })
              }
            >
              {t('export.save')}
            </Button>
          </Space>
          {error && <Alert type="error" showIcon title={t('export.failed', { message: error })} />}
        </Space>
      </Card>
      {session.kind === 'cls' && (
        <Card size="small" title={t('export.programTitle')}>
          <Space wrap>
            <Button
              loading={busy === 'program'}
              disabled={busy !== null || !owner}
              onClick={() => void run('program', useInProgram)}
            >
              {t('export.program')}
            </Button>
            <Typography.Text type="secondary">{t('export.programHelp')}</Typography.Text>
          </Space>
        </Card>
      )}
      {project.models.length > 0 && (
        <Card size="small" title={t('export.savedModels')}>
          <List
            size="small"
            dataSource={project.models}
            renderItem={(m) => (
              <List.Item>
                <a href={m.url} download>
                  {m.name}
                </a>{' '}
                <Typography.Text type="secondary">
                  {m.format.toUpperCase()} · {(m.bytes / 1024 / 1024).toFixed(1)} MB
                </Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      )}
      <Card size="small" title={t('export.python')}>
        <pre data-testid="python-snippet" style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>
          {pythonSnippetFor(session.kind, model.classes, `${stem}.onnx`)}
        </pre>
      </Card>
    </Space>
  );
}
