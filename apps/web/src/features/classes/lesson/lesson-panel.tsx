import { useCallback } from 'react';
import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  InputNumber,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Switch,
} from 'antd';
import { COCKPIT_LIMITS, LAB_SLUGS, type LabSlug, type Lesson, type MakeProjectList } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { toast } from '../../../lib/toast.ts';
import { useLessonTranslation } from './i18n.ts';
import { LessonSummary } from './lesson-summary.tsx';
import { starterOfChoice } from './starter-choice.ts';
import './lesson.css';

interface LessonForm {
  labs: LabSlug[];
  minutes: number;
  lockOthers: boolean;
  /** '' for none, `catalogue:<id>` or `project:<id>`. */
  starter: string;
}

function lessonKey(classId: string) {
  return ['classes', classId, 'lesson'] as const;
}

/** Lesson mode: the running lesson with its countdown and an end button, or the form that starts one. */
export function LessonPanel({ classId }: { classId: string }) {
  const { t } = useLessonTranslation();
  const queryClient = useQueryClient();
  const lesson = useQuery({
    queryKey: lessonKey(classId),
    queryFn: ({ signal }) => call<Lesson | null>(`/api/classes/${classId}/lesson`, { signal }),
  });

  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: lessonKey(classId) }),
      queryClient.invalidateQueries({ queryKey: ['classes', classId, 'live'] }),
    ]);
  }, [queryClient, classId]);

  async function start(values: LessonForm) {
    const started = await call<Lesson>(`/api/classes/${classId}/lesson`, {
      method: 'POST',
      json: {
        labs: values.labs,
        minutes: values.minutes,
        lockOthers: values.lockOthers,
        starter: starterOfChoice(values.starter),
      },
    });
    queryClient.setQueryData(lessonKey(classId), started);
    toast(t('started'), 'success');
    await refresh();
  }

  async function end() {
    await call(`/api/classes/${classId}/lesson`, { method: 'DELETE' });
    queryClient.setQueryData(lessonKey(classId), null);
    toast(t('ended'), 'success');
    await refresh();
  }

  return (
    <div className="class-lesson">
      <Alert type="info" showIcon message={t('intro')} className="class-lesson-intro" />
      {lesson.isPending ? (
        <Skeleton active />
      ) : lesson.data ? (
        <LessonSummary
          lesson={lesson.data}
          onOver={() => void refresh()}
          actions={
            <Popconfirm
              title={t('endConfirm')}
              okButtonProps={{ danger: true }}
              onConfirm={() => end().catch(() => undefined)}
            >
              <Button danger icon={<StopOutlined />}>
                {t('end')}
              </Button>
            </Popconfirm>
          }
        />
      ) : (
        <StartLesson onStart={start} />
      )}
    </div>
  );
}

function StartLesson({ onStart }: { onStart: (values: LessonForm) => Promise<void> }) {
  const { t, tApp, language } = useLessonTranslation();
  const [form] = Form.useForm<LessonForm>();
  // The teacher's own studio projects, which a lesson may hand out too (silent: the form works without them).
  const own = useQuery({
    queryKey: ['make', 'projects'],
    queryFn: ({ signal }) => call<MakeProjectList>('/api/make/projects', { signal, silent: true }),
  });
  // The starters' catalogue, fetched with the form (its workspaces need not load with the class page).
  const catalogue = useQuery({
    queryKey: ['make', 'starter-catalogue'],
    queryFn: () => import('@ai-edu/contract/make-starters').then((m) => m.MAKE_STARTERS),
    staleTime: Infinity,
  });
  const lang = language === 'en' ? 'en' : 'zh-CN';
  return (
    <Form<LessonForm>
      form={form}
      name="lesson"
      layout="vertical"
      className="class-lesson-form"
      initialValues={{
        labs: [],
        minutes: COCKPIT_LIMITS.lessonMinutesDefault,
        lockOthers: true,
        starter: '',
      }}
      onFinish={(values) => onStart(values).catch(() => undefined)}
    >
      <h3>{t('form.title')}</h3>
      <Form.Item label={t('form.labs')} required>
        {/* Outside the label: a label would lend its text to these buttons' names. */}
        <Space className="class-lesson-lab-tools">
          <Button size="small" onClick={() => form.setFieldValue('labs', [...LAB_SLUGS])}>
            {t('form.selectAll')}
          </Button>
          <Button size="small" onClick={() => form.setFieldValue('labs', [])}>
            {t('form.clear')}
          </Button>
        </Space>
        <Form.Item
          name="labs"
          noStyle
          rules={[{ required: true, type: 'array', min: 1, message: t('form.labsRequired') }]}
        >
          <Checkbox.Group
            role="group"
            className="class-lesson-lab-grid"
            aria-label={t('form.labs')}
            options={LAB_SLUGS.map((lab) => ({ value: lab, label: tApp(`labs.${lab}.title`) }))}
          />
        </Form.Item>
      </Form.Item>
      <Form.Item
        name="minutes"
        label={t('form.minutes')}
        extra={t('form.minutesHelp', {
          min: COCKPIT_LIMITS.lessonMinutesMin,
          max: COCKPIT_LIMITS.lessonMinutesMax,
        })}
        rules={[
          {
            required: true,
            type: 'integer',
            min: COCKPIT_LIMITS.lessonMinutesMin,
            max: COCKPIT_LIMITS.lessonMinutesMax,
            message: t('form.minutesHelp', {
              min: COCKPIT_LIMITS.lessonMinutesMin,
              max: COCKPIT_LIMITS.lessonMinutesMax,
            }),
          },
        ]}
      >
        <InputNumber
          min={COCKPIT_LIMITS.lessonMinutesMin}
          max={COCKPIT_LIMITS.lessonMinutesMax}
          precision={0}
          step={5}
        />
      </Form.Item>
      <Form.Item
        name="lockOthers"
        label={t('form.lockOthers')}
        valuePropName="checked"
        extra={t('form.lockOthersHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="starter" label={t('form.starter')} extra={t('form.starterHelp')}>
        <Select
          className="class-lesson-starter-select"
          options={[
            { value: '', label: t('form.starterNone') },
            {
              label: t('form.starterCatalogue'),
              options: (catalogue.data ?? []).map((s) => ({
                value: `catalogue:${s.id}`,
                label: s.name[lang],
              })),
            },
            ...(own.data?.projects.length
              ? [
                  {
                    label: t('form.starterOwn'),
                    options: own.data.projects.map((p) => ({ value: `project:${p.id}`, label: p.name })),
                  },
                ]
              : []),
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<PlayCircleOutlined />}>
        {t('form.start')}
      </Button>
    </Form>
  );
}
