/** The school's teacher accounts: list, create (typed or generated password), classes, reset, delete. */
import { useState } from 'react';
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Switch, Table, Tag, Typography } from 'antd';
import {
  teacherAccountSchema,
  type CreatedTeacher,
  type PasswordProblem,
  type TeacherSummary,
} from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { toast } from '../../../lib/toast.ts';
import { CLASSES_KEY, useClassList, useSchoolCode } from '../staff/use-staff.ts';
import { useTeachersTranslation } from './i18n.ts';
import {
  loginExample,
  schoolCodes,
  teacherPasswordProblem,
  teacherRequest,
  type TeacherFormValues,
} from './teacher-form.ts';

export const TEACHERS_KEY = ['school', 'teachers'] as const;

/** The login modal's texts for the §5 rules (the shared catalogue), so both forms say the same. */
const PROBLEM_KEYS = {
  required: 'auth.passwordRequired',
  length: 'auth.passwordLength',
  charset: 'auth.passwordCharset',
  mismatch: 'auth.passwordMismatch',
} as const satisfies Record<PasswordProblem, string>;

export function TeachersPanel() {
  const { t, language } = useTeachersTranslation();
  const queryClient = useQueryClient();
  const classes = useClassList();
  // Every teacher login ends in the school's code (issue 25): the form's hint shows it.
  const schoolCode = useSchoolCode();
  const teachers = useQuery({
    queryKey: TEACHERS_KEY,
    queryFn: ({ signal }) => call<TeacherSummary[]>('/api/school/teachers', { signal }),
  });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TeacherSummary | null>(null);
  const [shown, setShown] = useState<{ account: string; password: string } | null>(null);

  const classOptions = (classes.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const className = (id: string) => classes.data?.find((c) => c.id === id)?.name;

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: TEACHERS_KEY }),
      // The class list shows each class's teachers.
      queryClient.invalidateQueries({ queryKey: CLASSES_KEY, exact: true }),
    ]);
  }
  async function resetPassword(teacher: TeacherSummary) {
    const reply = await call<CreatedTeacher>(`/api/school/teachers/${teacher.userId}/password`, {
      method: 'POST',
    });
    if (reply.password) setShown({ account: teacher.account, password: reply.password });
  }
  async function remove(teacher: TeacherSummary) {
    await call(`/api/school/teachers/${teacher.userId}`, { method: 'DELETE' });
    await refresh();
  }

  return (
    <div className="teachers-panel">
      <div className="cockpit-bar">
        <p className="class-muted">{t('intro')}</p>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('newTeacher')}
        </Button>
      </div>
      <Table<TeacherSummary>
        rowKey="userId"
        className="teachers-table"
        loading={teachers.isPending}
        dataSource={teachers.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('column.name'), dataIndex: 'name' },
          { title: t('column.account'), dataIndex: 'account' },
          {
            title: t('column.classes'),
            key: 'classes',
            render: (_, teacher) =>
              teacher.classIds.length === 0 ? (
                <span className="class-muted">{t('noClasses')}</span>
              ) : (
                teacher.classIds.map((id) => <Tag key={id}>{className(id) ?? id.slice(0, 8)}</Tag>)
              ),
          },
          {
            title: t('column.lastActive'),
            dataIndex: 'lastActiveAt',
            render: (value: string | null) =>
              value ? new Date(value).toLocaleString(language) : t('column.never'),
          },
          {
            title: t('column.actions'),
            key: 'actions',
            render: (_, teacher) => (
              <span className="class-actions">
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(teacher)}>
                  {t('editClasses')}
                </Button>
                <Popconfirm
                  title={t('resetConfirm', { name: teacher.name })}
                  onConfirm={() => resetPassword(teacher).catch(() => undefined)}
                >
                  <Button size="small" icon={<KeyOutlined />}>
                    {t('resetPassword')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('removeConfirm', { name: teacher.name })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(teacher).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    {t('remove')}
                  </Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
      {creating && (
        <NewTeacherModal
          classOptions={classOptions}
          codes={schoolCode.data ? [schoolCode.data] : schoolCodes(classes.data)}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            toast(t('created', { name: created.name }), 'success');
            if (created.password) setShown({ account: created.account, password: created.password });
            void refresh();
          }}
        />
      )}
      {editing && (
        <TeacherClassesModal
          teacher={editing}
          classOptions={classOptions}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <Modal
        open={shown !== null}
        title={shown ? t('passwordTitle', { account: shown.account }) : ''}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>{t('close')}</Button>}
      >
        <Alert type="warning" showIcon message={t('passwordOnce')} className="class-created-alert" />
        <Typography.Paragraph copyable className="class-password">
          {shown?.password}
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

function NewTeacherModal({
  classOptions,
  codes,
  onClose,
  onCreated,
}: {
  classOptions: Option[];
  codes: string[];
  onClose: () => void;
  onCreated: (created: CreatedTeacher) => void;
}) {
  const { t, tApp } = useTeachersTranslation();
  const [form] = Form.useForm<TeacherFormValues>();
  const generate = Form.useWatch('generate', form) ?? false;
  const [busy, setBusy] = useState(false);
  const example = loginExample(codes);

  async function submit(values: TeacherFormValues) {
    setBusy(true);
    try {
      onCreated(
        await call<CreatedTeacher>('/api/school/teachers', {
          method: 'POST',
          json: { ...teacherRequest(values) },
        }),
      );
    } catch {
      // call() has shown the server's message; the form stays open to correct it.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('form.title')}
      onCancel={onClose}
      okText={t('form.submit')}
      cancelText={t('form.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<TeacherFormValues>
        form={form}
        name="new-teacher"
        layout="vertical"
        requiredMark={false}
        initialValues={{ generate: false, classIds: [] }}
        onFinish={(values) => void submit(values)}
        className="teacher-form"
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
        >
          <Input maxLength={40} autoFocus />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('form.account')}
          extra={
            codes.length > 0
              ? t('form.accountHint', { codes: codes.join(', '), example })
              : t('form.accountHintNoCodes', { example })
          }
          rules={[
            {
              validator: (_, value: string | undefined) =>
                teacherAccountSchema.safeParse(value ?? '').success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.accountInvalid'))),
            },
          ]}
        >
          <Input maxLength={55} autoComplete="off" placeholder={example} />
        </Form.Item>
        <Form.Item
          name="generate"
          label={t('form.generate')}
          extra={t('form.generateHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        {!generate && (
          <>
            <Form.Item
              name="password"
              label={tApp('auth.passwordLabel')}
              extra={tApp('auth.passwordHint')}
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const problem = teacherPasswordProblem({ generate, password: value });
                    return problem
                      ? Promise.reject(new Error(tApp(PROBLEM_KEYS[problem])))
                      : Promise.resolve();
                  },
                },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={tApp('auth.confirmPassword')}
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    if (!value) return Promise.reject(new Error(tApp('auth.passwordRequired')));
                    const problem = teacherPasswordProblem({
                      generate,
                      password: getFieldValue('password') as string | undefined,
                      confirm: value,
                    });
                    // The password's own rules show under the password; here only the mismatch.
                    return problem === 'mismatch'
                      ? Promise.reject(new Error(tApp('auth.passwordMismatch')))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="classIds" label={t('form.classes')}>
          <Select mode="multiple" options={classOptions} optionFilterProp="label" allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TeacherClassesModal({
  teacher,
  classOptions,
  onClose,
  onSaved,
}: {
  teacher: TeacherSummary;
  classOptions: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTeachersTranslation();
  const [classIds, setClassIds] = useState(teacher.classIds);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      await call(`/api/school/teachers/${teacher.userId}/classes`, { method: 'PUT', json: { classIds } });
      onSaved();
    } catch {
      // Shown by call().
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('editClassesTitle', { name: teacher.name })}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('form.cancel')}
      confirmLoading={busy}
      onOk={() => void save()}
    >
      <Select
        mode="multiple"
        aria-label={t('form.classes')}
        className="teacher-classes-select"
        value={classIds}
        onChange={setClassIds}
        options={classOptions}
        optionFilterProp="label"
        allowClear
      />
    </Modal>
  );
}
