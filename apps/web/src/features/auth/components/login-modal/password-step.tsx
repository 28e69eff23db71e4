import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface PasswordStepProps {
  onLogin: (account: string, password: string) => Promise<void>;
  onCodeLogin: () => void;
  onForgot: () => void;
}

interface PasswordForm {
  account?: string;
  password?: string;
}

export function PasswordStep({ onLogin, onCodeLogin, onForgot }: PasswordStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const account = Form.useWatch('account', form) ?? '';
  const password = Form.useWatch('password', form) ?? '';
  const [busy, setBusy] = useState(false);
  const blank = account.trim() === '' || password === '';

  // Reads the submitted values, not the watched ones, which may trail a fast Enter by a render.
  const submit = async (values: PasswordForm) => {
    const submitted = { account: values.account?.trim() ?? '', password: values.password ?? '' };
    if (!submitted.account || !submitted.password || busy) return;
    setBusy(true);
    try {
      await onLogin(submitted.account, submitted.password);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} className="login-form">
      <Form.Item name="account" label={t('auth.accountLabel')}>
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('auth.accountPlaceholder')}
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth.passwordLabel')}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block disabled={blank} loading={busy}>
        {t('auth.login')}
      </Button>
      <div className="login-links">
        <Button type="link" onClick={onCodeLogin}>
          {t('auth.toCodeLogin')}
        </Button>
        <Button type="link" onClick={onForgot}>
          {t('auth.forgotPassword')}
        </Button>
      </div>
      <p className="login-note">{t('auth.studentHint')}</p>
    </Form>
  );
}
