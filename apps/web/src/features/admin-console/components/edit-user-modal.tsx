import { useState } from 'react';
import { Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys, userPath, userSummarySchema, type UserSummary } from '../api/admin-api.ts';
import { adminRequest } from '../api/client.ts';
import { useAdminTranslation } from '../i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useVipOptions } from './vip-tag.tsx';

interface EditValues {
  vip: number;
  days?: number | null;
  noEnd: boolean;
  company: string;
}

/** PATCH /api/admin/users/:id with only what changed: type, authorisation days, school. */
export function EditUserModal({ user, onClose }: { user: UserSummary | null; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const vipOptions = useVipOptions();
  const noEnd = Form.useWatch('noEnd', form);

  const submit = async (values: EditValues) => {
    if (!user) return;
    const patch: Record<string, unknown> = {};
    if (values.vip !== user.vip) patch.vip = values.vip;
    if (values.noEnd && user.validUntil) patch.days = null;
    else if (!values.noEnd && values.days) patch.days = values.days;
    if (values.company.trim() !== user.companyName) patch.company = values.company.trim();
    if (Object.keys(patch).length === 0) {
      toast(t('editUser.nothing'), 'info');
      onClose();
      return;
    }
    setSaving(true);
    try {
      await adminRequest(queryClient, userPath(user.id), userSummarySchema, { method: 'PATCH', json: patch });
      toast(t('editUser.done', { account: user.account }), 'success');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    } catch {
      // Shown by adminRequest.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('editUser.title', { account: user.account }) : ''}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {user && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ vip: user.vip, days: null, noEnd: false, company: user.companyName }}
          onFinish={(values) => void submit(values)}
          className="admin-form"
        >
          <Form.Item name="vip" label={t('editUser.vip')}>
            <Select options={vipOptions} />
          </Form.Item>
          <Form.Item name="days" label={t('editUser.days')} extra={t('editUser.keepDays')}>
            <InputNumber min={1} max={36500} precision={0} disabled={noEnd} className="admin-number" />
          </Form.Item>
          <Form.Item name="noEnd" valuePropName="checked">
            <Checkbox disabled={!user.validUntil}>{t('editUser.noEnd')}</Checkbox>
          </Form.Item>
          <Form.Item name="company" label={t('editUser.company')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
