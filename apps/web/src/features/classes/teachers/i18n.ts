/** The teachers panel's texts (namespace `classes-teachers`), registered when the class area's chunk renders. */
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';

const en = {
  intro:
    'Teacher accounts of your school. A teacher signs in with the login and password and sees only the classes you assign.',
  empty: 'No teachers yet.',
  column: {
    name: 'Name',
    account: 'Login',
    classes: 'Classes',
    lastActive: 'Last active',
    never: 'Never',
    actions: 'Actions',
  },
  noClasses: 'No classes',
  newTeacher: 'New teacher',
  editClasses: 'Edit classes',
  editClassesTitle: 'Classes of {{name}}',
  save: 'Save',
  resetPassword: 'Reset password',
  resetConfirm: 'Give {{name}} a new password? Their sessions end.',
  remove: 'Delete',
  removeConfirm: 'Delete the teacher account {{name}}? Their classes stay with the school.',
  form: {
    title: 'New teacher',
    name: 'Name',
    nameRequired: 'Please enter the teacher’s name',
    account: 'Login',
    accountHint: 'name@code, with one of your school codes ({{codes}}), e.g. {{example}}',
    accountHintNoCodes: 'name@code, e.g. {{example}}: create a class first to have a school code',
    accountInvalid: 'Login: 1 to 30 letters, digits, - or _, then @ and 2 to 24 of a–z, 0–9, - or _',
    generate: 'Generate a password',
    generateHint: 'The password is shown once after the account is made.',
    classes: 'Classes',
    submit: 'Create teacher',
    cancel: 'Cancel',
  },
  passwordTitle: 'Password for {{account}}',
  passwordOnce: 'Shown only this once: write it down or copy it now.',
  created: 'Teacher {{name}} created',
  close: 'Close',
};

const zh: typeof en = {
  intro: '本校的教师账号。教师用登录名和密码登录，只能看到你分配给他的班级。',
  empty: '还没有教师。',
  column: {
    name: '姓名',
    account: '登录名',
    classes: '班级',
    lastActive: '最近活跃',
    never: '从未',
    actions: '操作',
  },
  noClasses: '未分配班级',
  newTeacher: '新建教师',
  editClasses: '编辑班级',
  editClassesTitle: '{{name}} 负责的班级',
  save: '保存',
  resetPassword: '重置密码',
  resetConfirm: '为 {{name}} 生成新密码？其登录状态将失效。',
  remove: '删除',
  removeConfirm: '删除教师账号 {{name}}？其班级仍归学校所有。',
  form: {
    title: '新建教师',
    name: '姓名',
    nameRequired: '请输入教师姓名',
    account: '登录名',
    accountHint: '姓名@学校代码，使用本校的学校代码（{{codes}}），例如 {{example}}',
    accountHintNoCodes: '姓名@学校代码，例如 {{example}}：先创建一个班级才有学校代码',
    accountInvalid: '登录名：1 到 30 位字母、数字、- 或 _，然后是 @ 和 2 到 24 位 a–z、0–9、- 或 _',
    generate: '自动生成密码',
    generateHint: '账号创建后密码只显示一次。',
    classes: '班级',
    submit: '创建教师',
    cancel: '取消',
  },
  passwordTitle: '{{account}} 的密码',
  passwordOnce: '只显示这一次：请立即记下或复制。',
  created: '已创建教师 {{name}}',
  close: '关闭',
};

export function useTeachersTranslation() {
  return useFeatureTranslation('classes-teachers', { en, 'zh-CN': zh });
}
