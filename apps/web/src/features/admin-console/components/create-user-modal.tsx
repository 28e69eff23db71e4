import { useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { passwordProblem } from '@ai-edu/contract';
import { adminKeys, userSummarySchema } from '../api/admin-api.ts';
import { adminRequest } from '../api/client.ts';
import { useAdminTranslation } from '../i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useVipOptions } from './vip-tag.tsx';

interface CreateUserValues {
  account: string;
  password?: string;
  vip: number;
  days?: number | null;
  company?: string;
  credits?: number | null;
  admin: boolean;
}

/** POST /api/admin/users: an account with its type, authorisation days, school, credits and role. */
export function CreateUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateUserValues>();
  const [saving, setSaving] = useState(false);
  const vipOptions = useVipOptions();

  const submit = async (values: CreateUserValues) => {
    setSaving(true);
    try {
      const created = await adminRequest(queryClient, '/api/admin/users', userSummarySchema, {
        method: 'POST',
        json: {
          account: values.account.trim(),
          ...(values.password ? { password: values.password } : {}),
          vip: values.vip,
          ...(values.days ? { days: values.days } : {}),
          ...(values.company?.trim() ? { company: values.company.trim() } : {}),
          ...(values.credits ? { credits: values.credits } : {}),
          admin: values.admin,
        },
      });
      toast(t('createUser.done', { account: created.account }), 'success');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      form.resetFields();
      onClose();
    } catch {
      // The server's message was shown; the form stays filled in.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('createUser.title')}
      okText={t('common.create')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ vip: 0, admin: false }}
        onFinish={(values) => void submit(values)}
        className="admin-form"
      >
        <Form.Item
          name="account"
          label={t('createUser.account')}
          rules={[{ required: true, whitespace: true, message: t('createUser.accountRequired') }]}
        >
          <Input autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('createUser.password')}
          extra={t('createUser.passwordHelp')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (value && passwordProblem(value)) throw new Error(t('createUser.passwordRule'));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={12} />
        </Form.Item>
        <div className="admin-form-row">
          <Form.Item name="vip" label={t('createUser.vip')}>
            <Select options={vipOptions} />
          </Form.Item>
          <Form.Item name="days" label={t('createUser.days')} extra={t('createUser.daysHelp')}>
            <InputNumber min={1} max={36500} precision={0} className="admin-number" />
          </Form.Item>
        </div>
        <div className="admin-form-row">
          <Form.Item name="company" label={t('createUser.company')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="credits" label={t('createUser.credits')}>
            <InputNumber min={0} max={100_000_000} precision={0} className="admin-number" />
          </Form.Item>
        </div>
        <Form.Item
          name="admin"
          label={t('createUser.admin')}
          extra={t('createUser.adminHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
