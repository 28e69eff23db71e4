/** The words of the code messages, in both languages. */
import { CODE_TTL_MS, type Language } from '@ai-edu/contract';
import type { CodePurpose } from './types.ts';

const minutes = CODE_TTL_MS / 60_000;

export function codeEmail(code: string, purpose: CodePurpose, language: Language) {
  if (language === 'en') {
    const what = purpose === 'reset' ? 'reset your password' : 'log in or register';
    return {
      subject: `Your verification code: ${code}`,
      text: `Your verification code is ${code}. Use it to ${what} on the AI Lab. It is valid for ${minutes} minutes.\nIf you did not ask for it, ignore this email.`,
    };
  }
  const what = purpose === 'reset' ? '重置密码' : '登录或注册';
  return {
    subject: `您的验证码：${code}`,
    text: `您的验证码是 ${code}，用于在 AI 实验室${what}，${minutes} 分钟内有效。\n如非本人操作，请忽略本邮件。`,
  };
}
