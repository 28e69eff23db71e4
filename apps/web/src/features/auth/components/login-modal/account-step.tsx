import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface AccountStepProps {
  initialAccount: string;
  busy: boolean;
  onNext: (account: string) => void;
}

/** Step 1 of code login and password recovery: the phone number or email that receives the code. */
export function AccountStep({ initialAccount, busy, onNext }: AccountStepProps) {
  const { t } = useTranslation();
  const [account, setAccount] = useState(initialAccount);
  const blank = account.trim() === '';

  return (
    <Form layout="vertical" requiredMark={false} onFinish={() => !blank && onNext(account.trim())}>
      <Form.Item label={t('auth.accountLabel')}>
        <Input
          size="large"
          prefix={<MailOutlined />}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          placeholder={t('auth.codeAccountPlaceholder')}
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block disabled={blank} loading={busy}>
        {t('auth.next')}
      </Button>
    </Form>
  );
}
