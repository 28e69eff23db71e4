/** The school settings panel's texts (namespace `classes-school-settings`). */
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';

const en = {
  codeTitle: 'School code',
  codeSet:
    'Every login of the school ends in it: its students’ (zhangsan@{{code}}) and its teachers’. It was set once and stays.',
  codeHelp:
    'Choose it once (2–24 of a–z, 0–9, - and _): every login of the school will end in it, its students’ (zhangsan@code) and its teachers’. It cannot be changed later.',
  codeSave: 'Set the school code',
  wordsTitle: 'Blocked words',
  wordsLabel: 'Blocked words, one per line',
  wordsHelp:
    'Prompts containing these words are refused before they reach the AI: the student is told which word, and the teacher sees the refused prompt in the AI-use review. Letters are compared without regard to case.',
  wordsCount: '{{count}} of {{max}} words',
  tooMany: 'At most {{max}} words: the list has {{count}}.',
  tooLong: '“{{word}}” is longer than {{max}} characters.',
  retentionTitle: 'How long AI use is kept',
  retentionLabel: 'Keep AI-use records for (days)',
  retentionHelp:
    'Your teachers can review every chat turn and painting prompt of their students for this many days ({{min}} to {{max}}); older records are deleted. Students are told on their settings page.',
  days: 'days',
  save: 'Save settings',
  saved: 'Settings saved',
};

const zh: typeof en = {
  codeTitle: '学校代码',
  codeSet: '全校的账号都以它结尾：学生的（zhangsan@{{code}}）和老师的。它只设置一次，之后不变。',
  codeHelp:
    '请设置一次（2–24 位 a–z、0–9、- 和 _）：全校的账号都将以它结尾，包括学生的（zhangsan@学校代码）和老师的。设置后不能更改。',
  codeSave: '设置学校代码',
  wordsTitle: '屏蔽词',
  wordsLabel: '屏蔽词，每行一个',
  wordsHelp:
    '包含这些词的提示词会在发送给 AI 之前被拒绝：学生会被告知是哪个词，教师可以在“AI 使用记录”中看到被拒绝的提示词。比较时不区分大小写。',
  wordsCount: '{{count}} / {{max}} 个词',
  tooMany: '最多 {{max}} 个词：当前有 {{count}} 个。',
  tooLong: '“{{word}}”超过了 {{max}} 个字符。',
  retentionTitle: 'AI 使用记录保存时长',
  retentionLabel: 'AI 使用记录保存天数',
  retentionHelp:
    '教师可以在这段时间内（{{min}} 到 {{max}} 天）查看其学生的每一轮对话和每一个绘画提示词；更早的记录会被删除。学生会在其设置页面看到这一说明。',
  days: '天',
  save: '保存设置',
  saved: '设置已保存',
};

export function useSchoolSettingsTranslation() {
  return useFeatureTranslation('classes-school-settings', { en, 'zh-CN': zh });
}
