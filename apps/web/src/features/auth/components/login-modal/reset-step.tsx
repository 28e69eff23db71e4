import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { passwordProblem, type PasswordProblem } from '@ai-edu/contract';

interface ResetStepProps {
  onSubmit: (password: string) => Promise<void>;
}

interface ResetForm {
  password: string;
  confirm: string;
}

const PROBLEM_KEYS = {
  required: 'auth.passwordRequired',
  length: 'auth.passwordLength',
  charset: 'auth.passwordCharset',
  mismatch: 'auth.passwordMismatch',
} as const satisfies Record<PasswordProblem, string>;

/** Set-new-password form with the four §5 rules, checked by the shared `passwordProblem`. */
export function ResetStep({ onSubmit }: ResetStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetForm>();
  const [busy, setBusy] = useState(false);

  const finish = async ({ password }: ResetForm) => {
    setBusy(true);
    try {
      await onSubmit(password);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={finish}>
      <Form.Item
        name="password"
        label={t('auth.newPassword')}
        extra={t('auth.passwordHint')}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = passwordProblem(value ?? '');
              return problem ? Promise.reject(new Error(t(PROBLEM_KEYS[problem]))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.reject(new Error(t('auth.passwordRequired')));
              if (value !== getFieldValue('password')) {
                return Promise.reject(new Error(t('auth.passwordMismatch')));
              }
              return Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} className="login-submit">
        {t('auth.submitPassword')}
      </Button>
    </Form>
  );
}
