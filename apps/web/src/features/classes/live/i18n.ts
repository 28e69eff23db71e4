/** The live view's texts (namespace `class-live`). */
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';

const en = {
  intro: 'Who is here now and what they are doing. Refreshes by itself every {{seconds}} seconds.',
  counts: {
    active: 'Active',
    signedIn: 'Signed in',
    offline: 'Offline',
  },
  status: {
    active: 'Active',
    signedIn: 'Signed in',
    offline: 'Offline',
  },
  columns: {
    student: 'Student',
    status: 'Status',
    lab: 'Lab now',
    making: 'Building in the studio',
    lastActive: 'Last activity',
    creditsToday: 'Credits today',
  },
  noLab: '—',
  changed: 'changed {{ago}}',
  never: 'Never',
  noLesson: 'No lesson running.',
  updated: 'Updated {{time}}',
  empty: 'No students in this class yet.',
  stale: 'Could not refresh; showing the last view.',
};

const zh: typeof en = {
  intro: '谁在线、正在做什么。每 {{seconds}} 秒自动刷新。',
  counts: {
    active: '活跃',
    signedIn: '已登录',
    offline: '离线',
  },
  status: {
    active: '活跃',
    signedIn: '已登录',
    offline: '离线',
  },
  columns: {
    student: '学生',
    status: '状态',
    lab: '当前实验',
    making: '正在创作',
    lastActive: '最近活动',
    creditsToday: '今日积分',
  },
  noLab: '—',
  changed: '{{ago}}修改',
  never: '从未',
  noLesson: '当前没有在上课。',
  updated: '更新于 {{time}}',
  empty: '本班还没有学生。',
  stale: '刷新失败，显示的是上一次的情况。',
};

export function useLiveTranslation() {
  return useFeatureTranslation('class-live', { en, 'zh-CN': zh });
}
