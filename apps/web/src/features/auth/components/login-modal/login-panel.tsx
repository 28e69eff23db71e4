import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COOLDOWN_SECONDS } from '@ai-edu/contract';
import { toast } from '../../../../lib/toast.ts';
import { useAuthStore } from '../../store/auth-store.ts';
import { useLoginPop } from '../../store/login-pop-store.ts';
import { AccountStep } from './account-step.tsx';
import { CodeStep } from './code-step.tsx';
import {
  afterCodeVerified,
  backTarget,
  canReuseCode,
  initialStep,
  passwordSavedKey,
  type CodeMode,
  type Cooldown,
  type LoginStep,
} from './login-flow.ts';
import { PasswordStep } from './password-step.tsx';
import { ResetStep } from './reset-step.tsx';
import { ResultStep } from './result-step.tsx';
import { StepHeader } from './step-header.tsx';
import { useLoginActions } from './use-login-actions.ts';
import { useSendCode } from './use-send-code.ts';

interface LoginPanelProps {
  /** Logged in and nothing left to show: close the modal. */
  onDone: () => void;
}

/** The modal's content: one step at a time. Remounted on every opening, so closing clears all inputs. */
export function LoginPanel({ onDone }: LoginPanelProps) {
  const { t } = useTranslation();
  // Opened to change a password: start in recovery with the account filled in.
  const intent = useLoginPop((s) => s.intent);
  const [step, setStep] = useState<LoginStep>(() =>
    intent ? { name: 'account', mode: intent.mode } : initialStep,
  );
  const [account, setAccount] = useState(() => intent?.account ?? '');
  // The only intent is a signed-in user changing their password (settings).
  const changing = intent !== null;
  const [cooldown, setCooldown] = useState<Cooldown | null>(null);
  const { send, sending } = useSendCode();
  const actions = useLoginActions();
  const loggedInAccount = useAuthStore((s) => s.users.data?.account ?? '');

  const sendTo = async (target: string, mode: CodeMode): Promise<boolean> => {
    if (!(await send(target, mode))) return false;
    setCooldown({ account: target, endsAt: Date.now() + RESEND_COOLDOWN_SECONDS * 1000 });
    return true;
  };

  const next = async (mode: CodeMode, target: string) => {
    setAccount(target);
    // A code sent to this account a moment ago is still valid: go straight to the boxes.
    if (canReuseCode(cooldown, target, Date.now()) || (await sendTo(target, mode)))
      setStep({ name: 'code', mode });
  };

  const verify = async (mode: CodeMode, code: string): Promise<string | null> => {
    const outcome = await actions.verifyCode(account, code, mode);
    if (!outcome.ok) return outcome.error;
    const { uuid, passwordStatus } = outcome.data;
    if (afterCodeVerified(mode, passwordStatus) === 'reset') {
      setStep({ name: 'reset', mode, uuid });
      return null;
    }
    if (await actions.uuidLogin(uuid)) {
      toast(t('auth.loginSuccess'), 'success');
      onDone();
    } else {
      setStep({ name: 'password' });
    }
    return null;
  };

  const reset = async (mode: CodeMode, uuid: string, password: string) => {
    const saved = passwordSavedKey(mode, changing);
    if (!(await actions.resetPassword(uuid, password, saved))) return;
    setStep((await actions.uuidLogin(uuid)) ? { name: 'success', saved } : { name: 'password' });
  };

  const passwordLogin = async (target: string, password: string) => {
    if (await actions.passwordLogin(target, password)) onDone();
  };

  const back = backTarget(step);
  const header = (
    <StepHeader
      step={step}
      account={account}
      changing={changing}
      onBack={back ? () => setStep(back) : null}
    />
  );

  switch (step.name) {
    case 'password':
      return (
        <>
          {header}
          <PasswordStep
            onLogin={passwordLogin}
            onCodeLogin={() => setStep({ name: 'account', mode: 'code' })}
            onForgot={() => setStep({ name: 'account', mode: 'forget' })}
          />
        </>
      );
    case 'account':
      return (
        <>
          {header}
          <AccountStep
            initialAccount={account}
            busy={sending}
            onNext={(target) => void next(step.mode, target)}
          />
        </>
      );
    case 'code':
      return (
        <>
          {header}
          <CodeStep
            cooldownEndsAt={cooldown?.account === account ? cooldown.endsAt : null}
            verify={(code) => verify(step.mode, code)}
            resend={() => sendTo(account, step.mode)}
            resending={sending}
            onFail={(error) => setStep({ name: 'fail', mode: step.mode, error })}
          />
        </>
      );
    case 'reset':
      return (
        <>
          {header}
          <ResetStep onSubmit={(password) => reset(step.mode, step.uuid, password)} />
        </>
      );
    case 'fail':
      return (
        <>
          {header}
          <ResultStep
            kind="fail"
            mode={step.mode}
            error={step.error}
            onRetry={() => setStep({ name: 'account', mode: step.mode })}
            onPasswordLogin={() => setStep({ name: 'password' })}
          />
        </>
      );
    case 'success':
      return (
        <ResultStep kind="success" saved={step.saved} account={loggedInAccount || account} onDone={onDone} />
      );
  }
}
