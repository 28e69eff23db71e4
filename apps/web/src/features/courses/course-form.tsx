import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { COURSE_LEVELS, type CourseSummary } from '@ai-edu/contract';
import { useCoursesTranslation } from './i18n.ts';

export interface CourseFormValues {
  title: string;
  description: string;
  level: CourseSummary['level'];
}

/** Create or edit a course's title, description and level. */
export function CourseForm({
  open,
  initial,
  translated = false,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  initial?: CourseFormValues;
  /** The course ships with a copy in another language (demo content): say what an edit does to it. */
  translated?: boolean;
  onCancel: () => void;
  onSubmit: (values: CourseFormValues) => Promise<void>;
}) {
  const { t } = useCoursesTranslation();
  const [form] = Form.useForm<CourseFormValues>();
  useEffect(() => {
    if (open) form.setFieldsValue(initial ?? { title: '', description: '', level: 'beginner' });
  }, [open, initial, form]);

  return (
    <Modal
      open={open}
      title={initial ? t('detail.edit') : t('list.create')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onSubmit(values).catch(() => undefined)}
        initialValues={{ level: 'beginner' }}
      >
        {translated && (
          <Alert type="info" showIcon className="course-form-note" message={t('form.translatedNote')} />
        )}
        <Form.Item
          name="title"
          label={t('form.courseTitle')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="level" label={t('form.level')}>
          <Select options={COURSE_LEVELS.map((level) => ({ value: level, label: t(`level.${level}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
