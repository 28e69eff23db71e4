/** The lesson-mode panel's texts (namespace `class-lesson`); the live view's lesson banner uses them too. */
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';

const en = {
  intro:
    'Open a set of labs for this class for the length of a lesson. Students see “Your teacher opened these labs” on their lab list; with the other labs locked, opening any other lab sends them back to the lab list with a message.',
  running: 'Lesson running',
  openedBy: 'Opened by {{name}}',
  labs: 'Open labs',
  locksOthers: 'Other labs locked',
  othersOpen: 'Other labs stay open',
  timeLeft: 'Time left:',
  endsAt: 'Ends at {{time}}',
  end: 'End lesson',
  endConfirm: 'End the lesson now? The class’s labs go back to how they were before it.',
  ended: 'Lesson ended',
  started: 'Lesson started',
  starter: 'Studio project: {{name}}',
  form: {
    title: 'Start a lesson',
    labs: 'Labs to open',
    labsRequired: 'Choose at least one lab',
    selectAll: 'Select all',
    clear: 'Clear',
    minutes: 'Minutes',
    minutesHelp: '{{min}} to {{max}} minutes, from now',
    lockOthers: 'Lock all other labs',
    lockOthersHelp: 'While the lesson runs, students can open only the labs chosen above.',
    start: 'Start lesson',
    starter: 'Studio project for the lesson',
    starterHelp: 'Each student can open it in the block studio (/make) as their own copy.',
    starterNone: 'None',
    starterCatalogue: 'Starter projects',
    starterOwn: 'My studio projects',
  },
};

const zh: typeof en = {
  intro:
    '在一节课的时间里为本班开放一组实验。学生会在实验列表上看到“老师为你开放了这些实验”；若锁定其他实验，学生打开其他实验时会被送回实验列表并看到提示。',
  running: '正在上课',
  openedBy: '由 {{name}} 开启',
  labs: '开放的实验',
  locksOthers: '其他实验已锁定',
  othersOpen: '其他实验仍可使用',
  timeLeft: '剩余时间：',
  endsAt: '{{time}} 结束',
  end: '结束上课',
  endConfirm: '现在结束上课吗？全班的实验将恢复原来的开放状态。',
  ended: '已结束上课',
  started: '已开始上课',
  starter: '创作项目：{{name}}',
  form: {
    title: '开始上课',
    labs: '开放的实验',
    labsRequired: '请至少选择一个实验',
    selectAll: '全选',
    clear: '清空',
    minutes: '分钟',
    minutesHelp: '从现在起 {{min}} 到 {{max}} 分钟',
    lockOthers: '锁定其他所有实验',
    lockOthersHelp: '上课期间，学生只能打开上面选择的实验。',
    start: '开始上课',
    starter: '本节课的创作项目',
    starterHelp: '每位学生都可以在积木创作室（/make）中打开它，得到自己的一份副本。',
    starterNone: '无',
    starterCatalogue: '入门项目',
    starterOwn: '我的创作项目',
  },
};

export function useLessonTranslation() {
  return useFeatureTranslation('class-lesson', { en, 'zh-CN': zh });
}
