/** The project dialogs: create, rename, share with a class. */
import { Alert, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ClassSummary, TrainKind, TrainProject } from '@ai-edu/contract';
import { MODEL_TRAIN } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { call } from '../../../lib/product-call.ts';
import { useCreateProject, useShareProject, useUpdateProject } from '../api/hooks.ts';
import { parseClassLines } from './project-helpers.ts';
import { texts } from './i18n.ts';

const useT = () => useFeatureTranslation('model-train-projects', texts);

export function CreateProjectDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (project: TrainProject) => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<{ name: string; kind: TrainKind; classes?: string }>();
  const create = useCreateProject();
  const submit = async () => {
    const values = await form.validateFields();
    const classes = parseClassLines(values.classes ?? '');
    const project = await create
      .mutateAsync({
        name: values.name.trim(),
        kind: values.kind,
        classes: classes.length ? classes : undefined,
      })
      .catch(() => null);
    if (project) {
      form.resetFields();
      onCreated(project);
    }
  };
  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.submit')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'cls', name: t('create.defaultName') }}>
        <Form.Item
          name="name"
          label={t('create.name')}
          rules={[{ required: true, whitespace: true, max: MODEL_TRAIN.projectNameMax }]}
        >
          <Input maxLength={MODEL_TRAIN.projectNameMax} />
        </Form.Item>
        <Form.Item name="kind" label={t('create.kind')}>
          <Radio.Group>
            <Space orientation="vertical">
              {(['cls', 'det'] as const).map((kind) => (
                <Radio key={kind} value={kind}>
                  {t(`kind.${kind}`)}{' '}
                  <Typography.Text type="secondary">— {t(`kindHelp.${kind}`)}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="classes" label={t('create.classes')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RenameProjectDialog({
  project,
  onClose,
}: {
  project: TrainProject | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<{ name: string }>();
  const update = useUpdateProject();
  const submit = async () => {
    if (!project) return;
    const { name } = await form.validateFields();
    const done = await update.mutateAsync({ id: project.id, name: name.trim() }).catch(() => null);
    if (done) onClose();
  };
  return (
    <Modal
      open={project !== null}
      title={t('rename.title')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: project?.name }} preserve={false}>
        <Form.Item
          name="name"
          label={t('rename.name')}
          rules={[{ required: true, whitespace: true, max: MODEL_TRAIN.projectNameMax }]}
        >
          <Input maxLength={MODEL_TRAIN.projectNameMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const NOT_SHARED = '';

/** A school account (vip 2) picks one of its classes, or none. */
export function ShareProjectDialog({
  project,
  onClose,
}: {
  project: TrainProject | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<{ classId: string }>();
  const share = useShareProject();
  const classes = useQuery({
    queryKey: ['classes'],
    queryFn: ({ signal }) => call<ClassSummary[]>('/api/classes', { signal }),
    enabled: project !== null,
  });
  const submit = async () => {
    if (!project) return;
    const { classId } = await form.validateFields();
    const done = await share
      .mutateAsync({ id: project.id, classId: classId === NOT_SHARED ? null : classId })
      .catch(() => null);
    if (done !== null) onClose();
  };
  return (
    <Modal
      open={project !== null}
      title={project ? t('share.title', { name: project.name }) : ''}
      okText={t('share.save')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={share.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('share.help')}</Typography.Paragraph>
      {classes.data?.length === 0 && <Alert type="info" showIcon title={t('share.noClasses')} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ classId: project?.sharedWith?.classId ?? NOT_SHARED }}
        preserve={false}
      >
        <Form.Item name="classId" label={t('share.class')}>
          <Select
            loading={classes.isLoading}
            options={[
              { value: NOT_SHARED, label: t('share.none') },
              ...(classes.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
