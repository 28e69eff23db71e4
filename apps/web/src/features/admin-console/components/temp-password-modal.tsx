import { Alert, Button, Modal, Typography } from 'antd';
import { useAdminTranslation } from '../i18n.ts';

/** The temporary password, shown once: nothing keeps it after this dialog closes. */
export function TempPasswordModal({
  value,
  onClose,
}: {
  value: { account: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useAdminTranslation();
  return (
    <Modal
      open={value !== null}
      title={value ? t('password.title', { account: value.account }) : ''}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('password.close')}
        </Button>
      }
      destroyOnHidden
    >
      {value && (
        <div className="admin-temp-password">
          <Typography.Paragraph
            className="admin-temp-password-value"
            copyable={{ text: value.password, tooltips: [t('password.copy'), t('password.copied')] }}
            data-testid="temp-password"
          >
            <code>{value.password}</code>
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('password.text')} />
        </div>
      )}
    </Modal>
  );
}
