/** The class credits panel's texts (namespace `classes-budget`). */
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';

const en = {
  none: 'No class budget: students spend their own credits.',
  intro:
    'Give the class credits from the school’s pool. Students’ paid AI calls then spend from the class instead of their own credits; when the class runs out, students are told whom to ask.',
  current: 'Now',
  balance: 'Class balance',
  balanceWeekly: 'Class balance this week',
  pool: 'School pool',
  spentToday: 'Spent today',
  leftLine: {
    weekly: '{{balance}} of {{amount}} credits left this week',
    once: '{{balance}} credits left',
  },
  capLine: 'Per student per day: {{cap}} credits',
  noCap: 'No per-student daily cap',
  modeLine: {
    weekly: 'Weekly: {{amount}} credits every week (since {{since}})',
    once: 'One-off: last {{amount}} credits on {{since}}',
  },
  studentsTitle: 'Spending per student today',
  student: 'Student',
  studentSpent: 'Spent today',
  noStudents: 'No students yet.',
  formTitle: 'Allocate credits',
  editTitle: 'Change the budget',
  mode: 'Budget mode',
  modeWeekly: 'Every week',
  modeOnce: 'One-off',
  modeHelp: {
    weekly: 'The class is topped up to this amount now and again every Monday (China time).',
    once: 'This amount is added to what the class has now, once.',
  },
  amount: 'Credits for the class',
  amountRequired: 'Please enter the credits, 1 to {{max}}',
  dailyCap: 'Daily limit per student',
  dailyCapHelp: 'The most one student may spend from the class in a day; leave empty for no cap.',
  credits: 'credits',
  save: 'Save budget',
  confirmTitle: 'Save this budget?',
  confirm: {
    weekly:
      'The class gets {{amount}} credits every week. Now {{moved}} credits move from the school’s pool to the class.',
    once: '{{moved}} credits move from the school’s pool to the class now.',
    weeklyBack:
      'The class gets {{amount}} credits every week. Now {{back}} credits the class has above that return to the school’s pool.',
  },
  poolNow: 'The school’s pool has {{pool}} credits now.',
  poolTooSmall: 'The school’s pool has only {{pool}} credits.',
  end: 'End the budget',
  endConfirm:
    'End the class budget? The {{balance}} credits the class has left return to the school’s pool, and students spend their own credits again.',
  saved: 'Budget saved',
  ended: 'Budget ended',
};

const zh: typeof en = {
  none: '本班没有班级积分：学生使用自己的积分。',
  intro:
    '从学校积分池中为班级分配积分。此后学生的付费 AI 调用从班级积分中扣除，而不是他们自己的积分；班级积分用完时，学生会被告知去找谁。',
  current: '当前',
  balance: '班级余额',
  balanceWeekly: '本周班级余额',
  pool: '学校积分池',
  spentToday: '今日已用',
  leftLine: {
    weekly: '本周还剩 {{balance}} / {{amount}} 积分',
    once: '还剩 {{balance}} 积分',
  },
  capLine: '每名学生每天最多 {{cap}} 积分',
  noCap: '不限每名学生每天的用量',
  modeLine: {
    weekly: '每周：每周 {{amount}} 积分（自 {{since}} 起）',
    once: '一次性：最近一次于 {{since}} 分配 {{amount}} 积分',
  },
  studentsTitle: '今日各学生用量',
  student: '学生',
  studentSpent: '今日已用',
  noStudents: '还没有学生。',
  formTitle: '分配积分',
  editTitle: '修改积分预算',
  mode: '分配方式',
  modeWeekly: '每周',
  modeOnce: '一次性',
  modeHelp: {
    weekly: '现在就把班级积分补足到这个数，以后每周一（北京时间）再次补足。',
    once: '把这个数一次性加到班级现有的积分上。',
  },
  amount: '班级积分',
  amountRequired: '请输入积分，1 到 {{max}}',
  dailyCap: '每名学生每日上限',
  dailyCapHelp: '一名学生一天内最多可用的班级积分；留空表示不限。',
  credits: '积分',
  save: '保存预算',
  confirmTitle: '保存这个预算？',
  confirm: {
    weekly: '班级每周获得 {{amount}} 积分。现在将从学校积分池转入班级 {{moved}} 积分。',
    once: '现在将从学校积分池转入班级 {{moved}} 积分。',
    weeklyBack: '班级每周获得 {{amount}} 积分。班级超出的 {{back}} 积分现在退回学校积分池。',
  },
  poolNow: '学校积分池现有 {{pool}} 积分。',
  poolTooSmall: '学校积分池只有 {{pool}} 积分。',
  end: '结束预算',
  endConfirm: '结束班级预算？班级剩余的 {{balance}} 积分将退回学校积分池，学生重新使用自己的积分。',
  saved: '预算已保存',
  ended: '预算已结束',
};

export function useBudgetTranslation() {
  return useFeatureTranslation('classes-budget', { en, 'zh-CN': zh });
}
