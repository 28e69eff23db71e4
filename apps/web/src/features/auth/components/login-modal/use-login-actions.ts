import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isStudentAccount, type VerifyLoginData } from '@ai-edu/contract';
import { HttpError } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';
import { loginByUuid } from '../../api/login-by-uuid.ts';
import { loginWithPassword } from '../../api/login-password.ts';
import { setPassword } from '../../api/set-password.ts';
import { verifyCodeLogin } from '../../api/verify-code-login.ts';
import { completeLogin, failureText } from '../../session.ts';
import { useLoginPop } from '../../store/login-pop-store.ts';
import { verifyErrorKey, type CodeMode, type PasswordSavedKey } from './login-flow.ts';

export type VerifyOutcome = { ok: true; data: VerifyLoginData } | { ok: false; error: string };

/** The network side of the login modal; each action reports its outcome and toasts per spec §8. */
export function useLoginActions() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const navigate = useNavigate();

  /** Logs the new session in, then goes back where a logged-out visitor was heading, if anywhere. */
  const startSession = useCallback(
    async (uid: string, uuid?: string) => {
      await completeLogin(queryClient, uid, uuid);
      const returnTo = useLoginPop.getState().returnTo;
      if (returnTo) await navigate(returnTo, { replace: true });
    },
    [navigate, queryClient],
  );

  /** Student-style accounts see the server's words (it tells them to ask their teacher); others a fixed text. */
  const passwordLogin = useCallback(
    async (account: string, password: string): Promise<boolean> => {
      const student = isStudentAccount(account);
      const wrong = (serverMessage: string | null) =>
        toast(student && serverMessage ? serverMessage : t('auth.accountOrPasswordWrong'), 'warning');
      try {
        const reply = await loginWithPassword(account, password);
        if (!reply.data) {
          wrong(reply.message);
          return false;
        }
        await startSession(reply.data.uid);
        toast(t('auth.loginSuccess'), 'success');
        return true;
      } catch (error) {
        if (error instanceof HttpError && error.status < 500 && error.status !== 429)
          wrong(error.serverMessage);
        else toast(failureText(error), 'warning');
        return false;
      }
    },
    [startSession, t],
  );

  const verifyCode = useCallback(
    async (account: string, code: string, mode: CodeMode): Promise<VerifyOutcome> => {
      try {
        const reply = await verifyCodeLogin(account, code, mode === 'forget');
        if (reply.code === 0 && reply.data) return { ok: true, data: reply.data };
        const key = verifyErrorKey(reply.code);
        return { ok: false, error: key ? t(key) : reply.message || t('auth.codeError') };
      } catch (error) {
        return { ok: false, error: failureText(error) };
      }
    },
    [t],
  );

  /** Exchanges a verified uuid for a session; toasts and returns false on failure. */
  const uuidLogin = useCallback(
    async (uuid: string): Promise<boolean> => {
      try {
        const reply = await loginByUuid(uuid);
        if (!reply.data) {
          toast(reply.message || t('auth.loginFailed'), 'warning');
          return false;
        }
        await startSession(reply.data.uid, uuid);
        return true;
      } catch (error) {
        toast(failureText(error), 'warning');
        return false;
      }
    },
    [startSession, t],
  );

  const resetPassword = useCallback(
    async (uuid: string, password: string, saved: PasswordSavedKey): Promise<boolean> => {
      try {
        const reply = await setPassword(uuid, password);
        if (reply.code === 0) {
          toast(t(saved), 'success');
          return true;
        }
      } catch (error) {
        console.error('password reset failed', error);
      }
      toast(t('auth.resetFailed'));
      return false;
    },
    [t],
  );

  return { passwordLogin, verifyCode, uuidLogin, resetPassword };
}
