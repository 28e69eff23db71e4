import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { LAB_SLUGS, type CourseSession } from '@ai-edu/contract';
import { useCoursesTranslation } from './i18n.ts';
import { MarkdownView } from './markdown.tsx';

export interface SessionFormValues {
  title: string;
  body: string;
  labs: string[];
}

/** A lesson's title, Markdown body (with a live preview side by side) and try-it labs. */
export function SessionEditor({
  open,
  session,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  session?: CourseSession;
  onCancel: () => void;
  onSubmit: (values: SessionFormValues) => Promise<void>;
}) {
  const { t, tApp } = useCoursesTranslation();
  const [form] = Form.useForm<SessionFormValues>();
  const body = (Form.useWatch('body', form) as string | undefined) ?? '';
  useEffect(() => {
    if (!open) return;
    const values = { title: session?.title ?? '', body: session?.body ?? '', labs: session?.labs ?? [] };
    form.setFieldsValue(values);
  }, [open, session, form]);

  return (
    <Modal
      open={open}
      width="min(1100px, 96vw)"
      title={session ? t('detail.editSession') : t('detail.addSession')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onSubmit({ ...values, labs: values.labs ?? [] }).catch(() => undefined)}
      >
        {session?.translations && (
          <Alert type="info" showIcon className="course-form-note" message={t('form.translatedNote')} />
        )}
        <Form.Item
          name="title"
          label={t('form.sessionTitle')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <div className="session-editor-split">
          <Form.Item name="body" label={t('form.body')}>
            <Input.TextArea className="session-editor-text" rows={16} />
          </Form.Item>
          <div>
            <div className="session-editor-preview-label">{t('form.preview')}</div>
            <MarkdownView className="session-editor-preview" text={body} />
          </div>
        </div>
        <Form.Item name="labs" label={t('form.labs')}>
          <Select
            mode="multiple"
            maxCount={10}
            options={LAB_SLUGS.map((slug) => ({ value: slug, label: tApp(`labs.${slug}.title`) }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
