/** The class area's texts, registered as the i18next namespace `classes` when its chunk loads. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  tip: 'Your classes, their student accounts and what each student is learning.',
  classes: 'My classes',
  noClasses: 'No classes yet: create the first one.',
  pickClass: 'Choose a class on the left.',
  create: {
    title: 'New class',
    name: 'Class name',
    schoolCode: 'School code',
    schoolCodeHelp:
      'Set once for the whole school: every student and teacher login ends in it (zhangsan@schoolcode). 2–24 of a–z, 0–9, - and _',
    codeIs: 'Logins of this class end in @{{code}}, the school code.',
    submit: 'Create class',
    nameRequired: 'Please enter a class name',
    codeInvalid: 'School code: 2 to 24 letters, digits, - or _',
  },
  students: '{{count}} students',
  sections: {
    classes: 'Classes',
    teachers: 'Teachers',
    settings: 'School settings',
  },
  staff: {
    teacherLine: 'Signed in as teacher {{name}} · {{school}}',
    noClassesTeacher: 'No classes yet: your school assigns them to you.',
    teachersOf: 'Teachers: {{names}}',
  },
  tabs: {
    roster: 'Roster',
    add: 'Add students',
    dashboard: 'Dashboard',
    live: 'Live view',
    lesson: 'Lesson mode',
    budget: 'Credits',
    review: 'AI-use review',
  },
  roster: {
    account: 'Account',
    name: 'Name',
    lastActive: 'Last active',
    never: 'Never',
    actions: 'Actions',
    resetPassword: 'Reset password',
    resetConfirm: 'Give {{name}} a new password? Their sessions end.',
    newPassword: 'New password for {{account}}',
    remove: 'Remove',
    removeConfirm: 'Remove {{name}} and delete the account?',
    empty: 'No students yet.',
    editLogin: 'Change the login (the password stays)',
  },
  add: {
    label: 'Student names, one per line',
    placeholder: 'Alice\nBob\nChen Li',
    next: 'Next: check the logins ({{count}})',
    loginsHelp:
      'Each student gets a login made from the name, ending in @{{code}}. Change any you like (a–z, 0–9, - and _): the names stay as typed.',
    login: 'Login',
    loginOf: 'Login of {{name}}',
    loginProblem: {
      empty: 'Type a login',
      chars: 'Only a–z, 0–9, - and _ (no spaces or dots)',
      repeated: 'Two students have this login',
    },
    back: 'Back',
    submit: 'Create {{count}} accounts',
    created: 'Accounts created: write down the passwords now, they are shown only once.',
    csv: 'Download CSV',
    print: 'Print sheet',
    password: 'Password',
    sheetTitle: '{{name}}: student accounts',
    loginHint: 'Log in with “Log in / Register”, then account and password.',
  },
  dashboard: {
    topLabs: 'Most-used labs',
    visits: '{{count}} visits',
    noLabs: 'No lab visits yet.',
    recentLabs: 'Recent labs',
    recentCourses: 'Recent course activity',
    unknownCourse: 'a removed course',
    courses: 'Course progress',
    none: '—',
  },
  close: 'Close',
};

const zh: typeof en = {
  tip: '你的班级、学生账号以及每位学生的学习情况。',
  classes: '我的班级',
  noClasses: '还没有班级，先创建一个吧。',
  pickClass: '请在左侧选择一个班级。',
  create: {
    title: '新建班级',
    name: '班级名称',
    schoolCode: '学校代码',
    schoolCodeHelp:
      '全校只设置一次：每个学生和老师的账号都以它结尾（zhangsan@学校代码）。2–24 位 a–z、0–9、- 和 _',
    codeIs: '本班账号以学校代码 @{{code}} 结尾。',
    submit: '创建班级',
    nameRequired: '请输入班级名称',
    codeInvalid: '学校代码：2 到 24 位字母、数字、- 或 _',
  },
  students: '{{count}} 名学生',
  sections: {
    classes: '班级',
    teachers: '教师',
    settings: '学校设置',
  },
  staff: {
    teacherLine: '当前身份：教师 {{name}} · {{school}}',
    noClassesTeacher: '还没有班级：请等待学校为你分配班级。',
    teachersOf: '任课教师：{{names}}',
  },
  tabs: {
    roster: '花名册',
    add: '添加学生',
    dashboard: '学情看板',
    live: '课堂实况',
    lesson: '上课模式',
    budget: '积分',
    review: 'AI 使用记录',
  },
  roster: {
    account: '账号',
    name: '姓名',
    lastActive: '最近活跃',
    never: '从未',
    actions: '操作',
    resetPassword: '重置密码',
    resetConfirm: '为 {{name}} 生成新密码？其登录状态将失效。',
    newPassword: '{{account}} 的新密码',
    remove: '移除',
    removeConfirm: '移除 {{name}} 并删除其账号？',
    empty: '还没有学生。',
    editLogin: '修改登录名（密码不变）',
  },
  add: {
    label: '学生姓名，每行一个',
    placeholder: '张三\n李四\n王五',
    next: '下一步：检查登录名（{{count}}）',
    loginsHelp:
      '每个学生的登录名由姓名拼音生成，以 @{{code}} 结尾。可以修改（a–z、0–9、- 和 _），姓名保持原样。',
    login: '登录名',
    loginOf: '{{name}} 的登录名',
    loginProblem: {
      empty: '请输入登录名',
      chars: '只能用 a–z、0–9、- 和 _（不能有空格或点）',
      repeated: '有两个学生用了这个登录名',
    },
    back: '返回',
    submit: '创建 {{count}} 个账号',
    created: '账号已创建：请立即记下密码，密码只显示这一次。',
    csv: '下载 CSV',
    print: '打印账号单',
    password: '密码',
    sheetTitle: '{{name}}：学生账号',
    loginHint: '点击“登录/注册”，输入账号和密码登录。',
  },
  dashboard: {
    topLabs: '最常用的实验',
    visits: '{{count}} 次',
    noLabs: '还没有实验记录。',
    recentLabs: '最近的实验',
    recentCourses: '最近的课程学习',
    unknownCourse: '已删除的课程',
    courses: '课程进度',
    none: '—',
  },
  close: '关闭',
};

const NAMESPACE = 'classes';
type ClassesTextKey = LabTextKey<typeof en>;
type LooseT = (key: string, options?: Record<string, unknown>) => string;

function registerTexts(): void {
  for (const [lang, texts] of Object.entries({ en, 'zh-CN': zh })) {
    if (!i18n.hasResourceBundle(lang, NAMESPACE)) i18n.addResourceBundle(lang, NAMESPACE, texts, true, false);
  }
}

export function useClassesTranslation() {
  registerTexts();
  const { t: tApp, i18n: instance } = useTranslation();
  const language = instance.language;
  const t = useCallback(
    (key: ClassesTextKey, options?: Record<string, unknown>): string =>
      (instance.t as unknown as LooseT)(key, { ...options, ns: NAMESPACE, lng: language }),
    [instance, language],
  );
  return { t, tApp: tApp as unknown as LooseT, language };
}
