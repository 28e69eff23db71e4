import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeMode, PasswordSavedKey } from './login-flow.ts';

type ResultStepProps =
  | { kind: 'success'; saved: PasswordSavedKey; account: string; onDone: () => void }
  | { kind: 'fail'; mode: CodeMode; error: string; onRetry: () => void; onPasswordLogin: () => void };

/** The result step: success after a password was set (account created, reset or changed), or the fail view 3 s after a code error. */
export function ResultStep(props: ResultStepProps) {
  const { t } = useTranslation();

  if (props.kind === 'success') {
    return (
      <Result
        status="success"
        title={t(props.saved)}
        subTitle={t('auth.successSubtitle', { account: props.account })}
        extra={
          <Button type="primary" size="large" onClick={props.onDone}>
            {t('auth.startExploring')}
          </Button>
        }
      />
    );
  }

  const forget = props.mode === 'forget';
  return (
    <Result
      status="error"
      title={forget ? t('auth.failTitleForget') : t('auth.failTitle')}
      subTitle={<span role="alert">{props.error}</span>}
      extra={
        <div className="result-actions">
          <Button type="primary" size="large" onClick={props.onRetry}>
            {forget ? t('auth.tryAgain') : t('auth.reRegister')}
          </Button>
          <Button type="link" onClick={props.onPasswordLogin}>
            {t('auth.backToPasswordLogin')}
          </Button>
        </div>
      }
    />
  );
}
