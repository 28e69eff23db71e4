/**
 * What a student sees of their class (issue 16), in the namespace `my-class`: the lesson banner and lock
 * message on the lab index, the class-credits line in paid labs (the settings card's texts are in
 * privacy-texts.ts, loaded with it).
 * Written for a 12-year-old: short sentences, no jargon.
 */
const en = {
  lesson: {
    title: 'Your teacher opened these labs for this lesson',
    openedBy: 'Opened by {{name}} · until {{time}}',
    othersLocked: 'The other labs are locked until the lesson ends.',
    lockedAlert: 'Your teacher has locked this lab during the lesson. These labs are open now:',
    lockedToast: 'Your teacher has locked this lab during the lesson.',
  },
  credits: {
    left: 'Class credits: {{left}} left for you today',
    leftWithCap: 'Class credits: {{left}} left for you today (daily limit {{cap}})',
    usedUp: 'Your class credits for today are used up — ask {{teachers}}',
  },
  listSeparator: ', ',
};

type Texts = typeof en;

const zhCN: Texts = {
  lesson: {
    title: '老师为本节课开放了这些实验',
    openedBy: '{{name}} 开放 · 到 {{time}} 结束',
    othersLocked: '下课前，其他实验都已锁定。',
    lockedAlert: '老师在本节课锁定了这个实验。现在开放的实验：',
    lockedToast: '老师在本节课锁定了这个实验。',
  },
  credits: {
    left: '班级积分：你今天还可以用 {{left}} 分',
    leftWithCap: '班级积分：你今天还可以用 {{left}} 分（每天最多 {{cap}} 分）',
    usedUp: '你今天的班级积分已经用完了，请找{{teachers}}',
  },
  listSeparator: '、',
};

export const myClassTexts = { en, 'zh-CN': zhCN };
