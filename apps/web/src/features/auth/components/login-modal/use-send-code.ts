import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authTypeOf } from '@ai-edu/contract';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { toast } from '../../../../lib/toast.ts';
import { sendEmailCode } from '../../api/send-email-code.ts';
import { sendSmsCode } from '../../api/send-sms-code.ts';
import { failureText } from '../../session.ts';
import { sendCodeErrorKey, type CodeMode } from './login-flow.ts';

/** Sends a code by email or SMS depending on the account; failures are toasted with the §8 wording. */
export function useSendCode() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);

  const send = useCallback(
    async (account: string, mode: CodeMode): Promise<boolean> => {
      const purpose = mode === 'forget' ? 'reset' : 'login';
      setSending(true);
      try {
        const reply =
          authTypeOf(account) === 'email'
            ? await sendEmailCode(account, currentLanguage(), purpose)
            : await sendSmsCode(account, purpose);
        if (reply.code === 0) return true;
        const key = sendCodeErrorKey(reply.code);
        toast(key ? t(key) : reply.message || t('http.unknown'));
        return false;
      } catch (error) {
        toast(failureText(error));
        return false;
      } finally {
        setSending(false);
      }
    },
    [t],
  );

  return { send, sending };
}
