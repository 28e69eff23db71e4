/** Route paths of spec §2 in one place so links and the router never drift apart. */
export const paths = {
  home: '/',
  aiLab: '/ailab',
  eduAiLab: '/edu/ailab',
  courses: '/course',
  embodiment: '/embodiment',
  class: '/class',
  eventPromotion: '/eventPromotion',
  modelTrain: '/modelTrain',
  modelTrainCls: '/modelTrain/mmedu/cls',
  modelTrainDet: '/modelTrain/mmedu/det',
  setting: '/setting',
  settingPersonal: '/setting/personal',
  settingExperience: '/setting/experience',
  contact: '/regionContactList',
  lesson: '/lesson',
  make: '/make',
} as const;

export function labPath(slug: string): string {
  return `${paths.aiLab}/${slug}`;
}

export function coursePath(courseId: string | number): string {
  return `${paths.courses}/${encodeURIComponent(String(courseId))}`;
}
