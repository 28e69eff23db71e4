import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import type { LoginStep } from './login-flow.ts';

interface StepHeaderProps {
  step: LoginStep;
  account: string;
  /** Opened from the settings to change the password: recovery's steps, worded as a change. */
  changing?: boolean;
  /** Null hides the back arrow (spec §2: only reset, code entry and account entry go back). */
  onBack: (() => void) | null;
}

export function StepHeader({ step, account, changing = false, onBack }: StepHeaderProps) {
  const { t } = useTranslation();
  const text = headerText(step, account, changing, t);

  return (
    <div className="login-header">
      <div className="login-header-bar">
        {onBack ? (
          <Button
            type="text"
            shape="circle"
            icon={<ArrowLeftOutlined />}
            aria-label={t('common.back')}
            title={t('common.back')}
            onClick={onBack}
          />
        ) : (
          <span className="login-header-spacer" />
        )}
        <span className="login-brand">
          <img src="/favicon.svg" alt="" width={22} height={22} />
          {t('brand.name')}
        </span>
        <span className="login-header-spacer" />
      </div>
      {text && (
        <>
          <h2 className="login-title">{text.title}</h2>
          {text.subtitle && <p className="login-subtitle">{text.subtitle}</p>}
        </>
      )}
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function headerText(
  step: LoginStep,
  account: string,
  changing: boolean,
  t: T,
): { title: string; subtitle?: ReactNode } | null {
  switch (step.name) {
    case 'password':
      return { title: t('auth.title.password'), subtitle: t('auth.subtitle.password') };
    case 'account':
      if (changing) return { title: t('auth.title.change'), subtitle: t('auth.subtitle.change') };
      return step.mode === 'forget'
        ? { title: t('auth.title.forget'), subtitle: t('auth.subtitle.forget') }
        : { title: t('auth.title.code'), subtitle: t('auth.subtitle.code') };
    case 'code':
      return {
        title: t('auth.title.codeEntry'),
        subtitle: (
          <Trans
            i18nKey="auth.codeSentTo"
            values={{ account }}
            components={{ b: <strong className="login-account" /> }}
          />
        ),
      };
    case 'reset':
      return step.mode === 'forget'
        ? { title: t('auth.title.resetPassword') }
        : { title: t('auth.title.setPassword'), subtitle: t('auth.subtitle.setPassword') };
    default:
      return null;
  }
}
