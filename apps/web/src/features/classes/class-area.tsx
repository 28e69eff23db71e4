import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  DeleteOutlined,
  DownloadOutlined,
  KeyOutlined,
  PlusOutlined,
  PrinterOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useSearchParams } from 'react-router';
import type {
  ClassStudent,
  ClassSummary,
  CreatedStudent,
  SuggestedLogin,
  Translations,
} from '@ai-edu/contract';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useLocalized } from '../../lib/localized.ts';
import { call } from '../../lib/product-call.ts';
import { BudgetPanel } from './budget/budget-panel.tsx';
import { parseNames, studentsCsv } from './csv.ts';
import { LessonPanel } from './lesson/lesson-panel.tsx';
import { LivePanel } from './live/live-panel.tsx';
import { ReviewPanel } from './review/review-panel.tsx';
import { SchoolSettingsPanel } from './school-settings/school-settings-panel.tsx';
import { CLASSES_KEY, SCHOOL_CODE_KEY, useClassList, useSchoolCode, useStaff } from './staff/use-staff.ts';
import { loginProblems, normalLogin, rowsFrom, studentsRequest, type LoginRow } from './student-logins.ts';
import { TeachersPanel } from './teachers/teachers-panel.tsx';
import { useClassesTranslation } from './i18n.ts';
import { CLASS_PARAM, pickClass } from './pick-class.ts';
import { useClassInfo } from './store.ts';
import './classes.css';

interface ClassDetail {
  id: string;
  name: string;
  schoolCode: string;
  students: ClassStudent[];
}

interface DashboardStudent extends ClassStudent {
  recentLabs: { lab: string | null; path: string; at: string }[];
  /** Courses and course files opened (edu log), newest first; title null when the course is gone. */
  recentCourses: {
    courseId: string | null;
    title: string | null;
    translations?: Translations<string> | null;
    filename: string | null;
    at: string;
  }[];
  courses: {
    courseId: string;
    title: string;
    translations?: Translations<string> | null;
    completed: number;
    total: number;
  }[];
}

interface Dashboard {
  students: DashboardStudent[];
  topLabs: { lab: string; visits: number }[];
}

function formatTime(iso: string | null, language: string, never: string): string {
  return iso ? new Date(iso).toLocaleString(language) : never;
}

/**
 * `/class` for a school and its teachers: classes, roster, bulk accounts with a CSV and a printable sheet,
 * dashboard and the cockpit's panels; the school also manages its teachers and its settings.
 */
export function ClassArea({ title }: { title: string }) {
  const { t, tApp } = useClassesTranslation();
  const staff = useStaff();
  const classes = useClassList();
  const [section, setSection] = useState('classes');
  const { selected, missing } = useSelectedClass(classes.data);

  if (missing) {
    return (
      <PageFrame title={title} hideBack className="class-area">
        <NotFoundPage what="class" backTo="/class" backLabel={tApp('errors.notFound.backToClasses')} />
      </PageFrame>
    );
  }

  // Until we know who is here the page stays empty, so the layout does not change under the first click.
  // Should the question fail, the page is the plain class area (the server checks every action anyway).
  const kind = staff.isPending ? null : (staff.data?.kind ?? 'unknown');
  const classesView = kind && (
    <ClassesSection classes={classes.data} selected={selected} canCreate={kind !== 'teacher'} />
  );
  return (
    <PageFrame
      title={title}
      tip={t('tip')}
      hideBack
      loading={classes.isPending || staff.isPending}
      className="class-area"
    >
      {staff.data?.kind === 'teacher' && (
        <p className="class-staff-line">
          {t('staff.teacherLine', { name: staff.data.name, school: staff.data.schoolName })}
        </p>
      )}
      {kind === 'school' ? (
        <Tabs
          className="class-sections"
          activeKey={section}
          onChange={setSection}
          destroyOnHidden
          items={[
            { key: 'classes', label: t('sections.classes'), children: classesView },
            { key: 'teachers', label: t('sections.teachers'), children: <TeachersPanel /> },
            { key: 'settings', label: t('sections.settings'), children: <SchoolSettingsPanel /> },
          ]}
        />
      ) : (
        classesView
      )}
    </PageFrame>
  );
}

/** The class the page shows (address first, then the store), kept in the store and the address. */
function useSelectedClass(list: ClassSummary[] | undefined) {
  const [searchParams] = useSearchParams();
  const { classId, setClassInfo } = useClassInfo();
  const picked = pickClass(list, searchParams.get(CLASS_PARAM), classId);
  const { selected } = picked;

  // The store (spec §3 classInfo) follows what the page shows, also after a reload or an auto-selection.
  useEffect(() => {
    if (selected && selected.id !== classId) setClassInfo(selected.id, selected.name);
  }, [selected, classId, setClassInfo]);
  return picked;
}

function teacherNames(summary: ClassSummary): string {
  return summary.teachers.map((teacher) => teacher.name).join(', ');
}

function ClassesSection({
  classes,
  selected,
  canCreate,
}: {
  classes: ClassSummary[] | undefined;
  selected: ClassSummary | undefined;
  canCreate: boolean;
}) {
  const [, setSearchParams] = useSearchParams();
  const { t } = useClassesTranslation();
  const queryClient = useQueryClient();
  const { setClassInfo } = useClassInfo();
  const [form] = Form.useForm<{ name: string; schoolCode?: string }>();
  // One code per school (issue 25): asked for only while the school has none.
  const schoolCode = useSchoolCode();

  function select(summary: ClassSummary) {
    setClassInfo(summary.id, summary.name);
    // The address keeps the choice, so a reload or a shared link opens the same class.
    setSearchParams({ [CLASS_PARAM]: summary.id }, { replace: true });
  }

  async function create(values: { name: string; schoolCode?: string }) {
    const json = schoolCode.data ? { name: values.name } : values;
    const created = await call<ClassSummary>('/api/classes', { method: 'POST', json });
    form.resetFields();
    // Chosen before the list is fetched again: the page never shows the new class (the only one is picked at
    // once) with an address that does not name it yet.
    select(created);
    await queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
    // The first class may have set the school's code.
    void queryClient.invalidateQueries({ queryKey: SCHOOL_CODE_KEY });
  }

  return (
    <div className="class-layout">
      <aside className="class-panel">
        <h3>{t('classes')}</h3>
        {classes?.length === 0 && (
          <p className="class-muted">{canCreate ? t('noClasses') : t('staff.noClassesTeacher')}</p>
        )}
        <ul className="class-list">
          {classes?.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={c.id === selected?.id ? 'active' : ''}
                onClick={() => select(c)}
              >
                <TeamOutlined />
                <span className="class-list-name">
                  {c.name}
                  {c.teachers.length > 0 && <small className="class-list-teachers">{teacherNames(c)}</small>}
                </span>
                <Tag>{t('students', { count: c.students })}</Tag>
              </button>
            </li>
          ))}
        </ul>
        {canCreate && (
          <Form
            form={form}
            layout="vertical"
            className="class-create"
            onFinish={(values) => create(values).catch(() => undefined)}
          >
            <h4>{t('create.title')}</h4>
            <Form.Item
              name="name"
              label={t('create.name')}
              rules={[{ required: true, whitespace: true, message: t('create.nameRequired') }]}
            >
              <Input maxLength={60} />
            </Form.Item>
            {schoolCode.data ? (
              <p className="class-muted" data-testid="class-create-code">
                {t('create.codeIs', { code: schoolCode.data })}
              </p>
            ) : (
              <Form.Item
                name="schoolCode"
                label={t('create.schoolCode')}
                extra={t('create.schoolCodeHelp')}
                rules={[
                  { required: true, pattern: /^[a-zA-Z0-9_-]{2,24}$/, message: t('create.codeInvalid') },
                ]}
              >
                <Input maxLength={24} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} block>
              {t('create.submit')}
            </Button>
          </Form>
        )}
      </aside>
      <section className="class-main">
        {selected ? (
          <ClassView key={selected.id} summary={selected} />
        ) : (
          <Empty description={t('pickClass')} />
        )}
      </section>
    </div>
  );
}

function ClassView({ summary }: { summary: ClassSummary }) {
  const { t } = useClassesTranslation();
  const [tab, setTab] = useState('roster');
  return (
    <>
      <div className="class-main-header">
        <h2>{summary.name}</h2>
        <Tag color="blue">@{summary.schoolCode}</Tag>
        {summary.teachers.length > 0 && (
          <span className="class-muted">{t('staff.teachersOf', { names: teacherNames(summary) })}</span>
        )}
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'roster', label: t('tabs.roster'), children: <Roster classId={summary.id} /> },
          {
            key: 'add',
            label: t('tabs.add'),
            children: <AddStudents summary={summary} onDone={() => setTab('roster')} />,
          },
          { key: 'dashboard', label: t('tabs.dashboard'), children: <ClassDashboard classId={summary.id} /> },
          { key: 'live', label: t('tabs.live'), children: <LivePanel classId={summary.id} /> },
          { key: 'lesson', label: t('tabs.lesson'), children: <LessonPanel classId={summary.id} /> },
          { key: 'budget', label: t('tabs.budget'), children: <BudgetPanel classId={summary.id} /> },
          { key: 'review', label: t('tabs.review'), children: <ReviewPanel classId={summary.id} /> },
        ]}
      />
    </>
  );
}

function Roster({ classId }: { classId: string }) {
  const { t, language } = useClassesTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState<{ account: string; password: string } | null>(null);
  const detail = useQuery({
    queryKey: [...CLASSES_KEY, classId],
    queryFn: ({ signal }) => call<ClassDetail>(`/api/classes/${classId}`, { signal }),
  });

  async function reset(student: ClassStudent) {
    const reply = await call<string | { password: string }>(
      `/api/classes/${classId}/students/${student.userId}/password`,
      { method: 'POST' },
    );
    setPassword({ account: student.account, password: typeof reply === 'string' ? reply : reply.password });
  }
  async function remove(student: ClassStudent) {
    await call(`/api/classes/${classId}/students/${student.userId}`, { method: 'DELETE' });
    await queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
  }
  /** Another login before the @ (the password stays); the server says when it is taken or not typeable. */
  async function rename(student: ClassStudent, login: string) {
    const wanted = normalLogin(login);
    if (!wanted || `${wanted}@${student.account.split('@')[1]}` === student.account) return;
    await call(`/api/classes/${classId}/students/${student.userId}`, {
      method: 'PATCH',
      json: { login: wanted },
    });
    await queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
  }

  return (
    <>
      <Table<ClassStudent>
        rowKey="userId"
        loading={detail.isPending}
        dataSource={detail.data?.students ?? []}
        pagination={false}
        scroll={{ x: 600 }}
        locale={{ emptyText: t('roster.empty') }}
        columns={[
          { title: t('roster.name'), dataIndex: 'displayName' },
          {
            title: t('roster.account'),
            dataIndex: 'account',
            render: (account: string, student) => (
              <Typography.Text
                editable={{
                  text: account.split('@')[0],
                  tooltip: t('roster.editLogin'),
                  triggerType: ['icon'],
                  onChange: (login) => void rename(student, login).catch(() => undefined),
                }}
              >
                {account}
              </Typography.Text>
            ),
          },
          {
            title: t('roster.lastActive'),
            dataIndex: 'lastActiveAt',
            render: (value: string | null) => formatTime(value, language, t('roster.never')),
          },
          {
            title: t('roster.actions'),
            key: 'actions',
            render: (_, student) => (
              <span className="class-actions">
                <Popconfirm
                  title={t('roster.resetConfirm', { name: student.displayName })}
                  onConfirm={() => reset(student).catch(() => undefined)}
                >
                  <Button size="small" icon={<KeyOutlined />}>
                    {t('roster.resetPassword')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('roster.removeConfirm', { name: student.displayName })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(student).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    {t('roster.remove')}
                  </Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
      <Modal
        open={password !== null}
        title={password ? t('roster.newPassword', { account: password.account }) : ''}
        onCancel={() => setPassword(null)}
        footer={<Button onClick={() => setPassword(null)}>{t('close')}</Button>}
      >
        <Typography.Paragraph copyable className="class-password">
          {password?.password}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

function AddStudents({ summary, onDone }: { summary: ClassSummary; onDone: () => void }) {
  const { t } = useClassesTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  // The logins the server suggests for the names, for the teacher to check and edit before creating.
  const [rows, setRows] = useState<LoginRow[] | null>(null);
  const [created, setCreated] = useState<CreatedStudent[] | null>(null);
  const names = useMemo(() => parseNames(text), [text]);
  const problems = useMemo(() => loginProblems(rows ?? []), [rows]);
  const code = useSchoolCode().data ?? summary.schoolCode;

  async function suggest() {
    const suggested = await call<SuggestedLogin[]>(`/api/classes/${summary.id}/students/logins`, {
      method: 'POST',
      json: { names },
    });
    setRows(rowsFrom(suggested));
  }

  async function submit() {
    if (!rows) return;
    const reply = await call<CreatedStudent[]>(`/api/classes/${summary.id}/students`, {
      method: 'POST',
      json: studentsRequest(rows),
    });
    setCreated(reply);
    setRows(null);
    setText('');
    await queryClient.invalidateQueries({ queryKey: CLASSES_KEY });
  }

  function downloadCsv() {
    if (!created) return;
    const csv = studentsCsv([t('roster.name'), t('roster.account'), t('add.password')], created);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${summary.name}-students.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="class-add">
      {rows === null ? (
        <>
          <label className="class-add-label" htmlFor="class-names">
            {t('add.label')}
          </label>
          <Input.TextArea
            id="class-names"
            rows={8}
            value={text}
            placeholder={t('add.placeholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <Button
            type="primary"
            disabled={names.length === 0}
            onClick={() => void suggest().catch(() => undefined)}
          >
            {t('add.next', { count: names.length })}
          </Button>
        </>
      ) : (
        <>
          <p className="class-muted">{t('add.loginsHelp', { code })}</p>
          <Table<LoginRow & { index: number }>
            rowKey="index"
            size="small"
            pagination={false}
            dataSource={rows.map((row, index) => ({ ...row, index }))}
            columns={[
              { title: t('roster.name'), dataIndex: 'name' },
              {
                title: t('add.login'),
                key: 'login',
                render: (_, row) => {
                  const problem = problems.get(row.index);
                  return (
                    <>
                      <Input
                        aria-label={t('add.loginOf', { name: row.name })}
                        value={row.login}
                        maxLength={30}
                        status={problem ? 'error' : undefined}
                        suffix={`@${code}`}
                        onChange={(event) =>
                          setRows(
                            rows.map((r, i) => (i === row.index ? { ...r, login: event.target.value } : r)),
                          )
                        }
                      />
                      {problem && (
                        <div className="class-login-problem">{t(`add.loginProblem.${problem}`)}</div>
                      )}
                    </>
                  );
                },
              },
            ]}
          />
          <div className="class-actions">
            <Button onClick={() => setRows(null)}>{t('add.back')}</Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={problems.size > 0}
              onClick={() => void submit().catch(() => undefined)}
            >
              {t('add.submit', { count: rows.length })}
            </Button>
          </div>
        </>
      )}
      <Modal
        open={created !== null}
        width={720}
        title={t('add.sheetTitle', { name: summary.name })}
        onCancel={() => {
          setCreated(null);
          onDone();
        }}
        footer={[
          <Button key="csv" icon={<DownloadOutlined />} onClick={downloadCsv}>
            {t('add.csv')}
          </Button>,
          <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('add.print')}
          </Button>,
        ]}
      >
        <Alert type="warning" showIcon message={t('add.created')} className="class-created-alert" />
        <Table<CreatedStudent>
          rowKey="userId"
          className="class-created"
          size="small"
          pagination={false}
          dataSource={created ?? []}
          scroll={{ x: 480 }}
          columns={[
            { title: t('roster.name'), dataIndex: 'displayName' },
            { title: t('roster.account'), dataIndex: 'account' },
            { title: t('add.password'), dataIndex: 'password', render: (p: string) => <code>{p}</code> },
          ]}
        />
      </Modal>
      {created &&
        createPortal(
          <div className="class-print-sheet" aria-hidden>
            <h1>{t('add.sheetTitle', { name: summary.name })}</h1>
            <div className="class-print-cards">
              {created.map((s) => (
                <div key={s.userId} className="class-print-card">
                  <strong>{s.displayName}</strong>
                  <div>
                    {t('roster.account')}: <code>{s.account}</code>
                  </div>
                  <div>
                    {t('add.password')}: <code>{s.password}</code>
                  </div>
                  <small>{t('add.loginHint')}</small>
                </div>
              ))}
            </div>
          </div>,
          document.body,
        )}
    </div>
  );
}

function ClassDashboard({ classId }: { classId: string }) {
  const { t, tApp, language } = useClassesTranslation();
  const local = useLocalized();
  const dashboard = useQuery({
    queryKey: [...CLASSES_KEY, classId, 'dashboard'],
    queryFn: ({ signal }) => call<Dashboard>(`/api/classes/${classId}/dashboard`, { signal }),
  });
  const labTitle = (lab: string | null, path: string) => (lab ? tApp(`labs.${lab}.title`) : path);
  const maxVisits = Math.max(1, ...(dashboard.data?.topLabs.map((l) => l.visits) ?? []));

  return (
    <div className="class-dashboard">
      <div className="class-card">
        <h3>{t('dashboard.topLabs')}</h3>
        {dashboard.data?.topLabs.length === 0 && <p className="class-muted">{t('dashboard.noLabs')}</p>}
        {dashboard.data?.topLabs.map((l) => (
          <div key={l.lab} className="class-bar">
            <span className="class-bar-label">{labTitle(l.lab, l.lab)}</span>
            <Progress
              percent={(l.visits / maxVisits) * 100}
              showInfo={false}
              size="small"
              className="class-bar-progress"
            />
            <span className="class-muted">{t('dashboard.visits', { count: l.visits })}</span>
          </div>
        ))}
      </div>
      <Table<DashboardStudent>
        rowKey="userId"
        className="class-dashboard-table"
        loading={dashboard.isPending}
        dataSource={dashboard.data?.students ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('roster.empty') }}
        columns={[
          {
            title: t('roster.name'),
            key: 'name',
            render: (_, s) => (
              <>
                <div>{s.displayName}</div>
                <small className="class-muted">
                  {formatTime(s.lastActiveAt, language, t('roster.never'))}
                </small>
              </>
            ),
          },
          {
            title: t('dashboard.recentLabs'),
            key: 'labs',
            render: (_, s) =>
              s.recentLabs.length === 0
                ? t('dashboard.none')
                : s.recentLabs.map((v) => (
                    <Tag key={`${v.path}-${v.at}`} title={formatTime(v.at, language, '')}>
                      {labTitle(v.lab, v.path)}
                    </Tag>
                  )),
          },
          {
            title: t('dashboard.recentCourses'),
            key: 'courseVisits',
            render: (_, s) =>
              s.recentCourses.length === 0
                ? t('dashboard.none')
                : s.recentCourses.map(local).map((v, i) => (
                    <Tag
                      key={`${i}-${v.at}`}
                      className="class-course-visit"
                      title={formatTime(v.at, language, '')}
                    >
                      {v.title ?? t('dashboard.unknownCourse')}
                      {v.filename ? ` · ${v.filename}` : ''}
                    </Tag>
                  )),
          },
          {
            title: t('dashboard.courses'),
            key: 'courses',
            render: (_, s) =>
              s.courses.length === 0
                ? t('dashboard.none')
                : s.courses.map(local).map((c) => (
                    <div key={c.courseId} className="class-course">
                      <span>{c.title}</span>
                      <Progress
                        size="small"
                        percent={c.total ? Math.round((c.completed / c.total) * 100) : 0}
                        format={() => `${c.completed}/${c.total}`}
                      />
                    </div>
                  )),
          },
        ]}
      />
    </div>
  );
}
