/** The courses feature's texts, registered as the i18next namespace `courses` when its chunk loads. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  list: {
    title: 'Courses',
    tip: 'Step-by-step courses with lessons, files and hands-on labs.',
    lessons: '{{count}} lessons',
    create: 'New course',
    empty: 'No courses yet.',
    open: 'Open',
  },
  level: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
  detail: {
    progress: '{{done}} of {{total}} lessons done',
    sessions: 'Lessons',
    noSessions: 'This course has no lessons yet.',
    done: 'Done',
    markDone: 'Mark as done',
    tryIt: 'Try it: {{lab}}',
    files: 'Files',
    openPdf: 'Open PDF',
    download: 'Download',
    present: 'Present',
    edit: 'Edit course',
    delete: 'Delete course',
    deleteConfirm: 'Delete this course and all its lessons?',
    notFound: 'This course does not exist.',
    addSession: 'Add lesson',
    editSession: 'Edit lesson',
    deleteSession: 'Delete lesson',
    deleteSessionConfirm: 'Delete this lesson?',
    moveUp: 'Move up',
    moveDown: 'Move down',
    cover: 'Set cover',
    uploadFile: 'Upload file',
    removeFile: 'Remove file',
    saved: 'Saved',
  },
  form: {
    courseTitle: 'Title',
    description: 'Description',
    level: 'Level',
    save: 'Save',
    cancel: 'Cancel',
    sessionTitle: 'Lesson title',
    body: 'Content (Markdown)',
    preview: 'Preview',
    labs: 'Try-it labs',
    required: 'Please enter a title',
    translatedNote:
      'This text also comes in English (Chinese is shown here). Changing a text removes its English version, so everyone then sees what you wrote.',
  },
  lesson: {
    previous: 'Previous',
    next: 'Next',
    exit: 'Exit',
    slide: '{{n}} / {{total}}',
    notFound: 'This lesson does not exist.',
    pick: 'Open a course and press Present to show a lesson full screen.',
  },
};

const zh: typeof en = {
  list: {
    title: '课程',
    tip: '循序渐进的课程：课时、资料和动手实验。',
    lessons: '{{count}} 课时',
    create: '新建课程',
    empty: '暂无课程。',
    open: '打开',
  },
  level: { beginner: '入门', intermediate: '进阶', advanced: '高级' },
  detail: {
    progress: '已完成 {{done}} / {{total}} 课时',
    sessions: '课时',
    noSessions: '这个课程还没有课时。',
    done: '已完成',
    markDone: '标记为完成',
    tryIt: '动手试试：{{lab}}',
    files: '资料',
    openPdf: '打开 PDF',
    download: '下载',
    present: '授课模式',
    edit: '编辑课程',
    delete: '删除课程',
    deleteConfirm: '删除这个课程及其所有课时？',
    notFound: '课程不存在。',
    addSession: '添加课时',
    editSession: '编辑课时',
    deleteSession: '删除课时',
    deleteSessionConfirm: '删除这个课时？',
    moveUp: '上移',
    moveDown: '下移',
    cover: '设置封面',
    uploadFile: '上传文件',
    removeFile: '删除文件',
    saved: '已保存',
  },
  form: {
    courseTitle: '标题',
    description: '简介',
    level: '难度',
    save: '保存',
    cancel: '取消',
    sessionTitle: '课时标题',
    body: '内容（Markdown）',
    preview: '预览',
    labs: '动手实验',
    required: '请输入标题',
    translatedNote:
      '这段内容还有英文版（这里显示的是中文）。修改某段文字会删除它的英文版，之后所有人都会看到你写的内容。',
  },
  lesson: {
    previous: '上一页',
    next: '下一页',
    exit: '退出',
    slide: '{{n}} / {{total}}',
    notFound: '课时不存在。',
    pick: '打开一个课程，点击“授课模式”全屏展示课时。',
  },
};

const NAMESPACE = 'courses';
type CoursesTextKey = LabTextKey<typeof en>;
type LooseT = (key: string, options?: Record<string, unknown>) => string;

function registerTexts(): void {
  for (const [lang, texts] of Object.entries({ en, 'zh-CN': zh })) {
    if (!i18n.hasResourceBundle(lang, NAMESPACE)) i18n.addResourceBundle(lang, NAMESPACE, texts, true, false);
  }
}

export function useCoursesTranslation() {
  registerTexts();
  const { t: tApp, i18n: instance } = useTranslation();
  const language = instance.language;
  const t = useCallback(
    (key: CoursesTextKey, options?: Record<string, unknown>): string =>
      (instance.t as unknown as LooseT)(key, { ...options, ns: NAMESPACE, lng: language }),
    [instance, language],
  );
  return { t, tApp: tApp as unknown as LooseT, language };
}
