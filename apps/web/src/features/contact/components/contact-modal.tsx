import type { ReactNode } from 'react';
import { Button, Modal, QRCode } from 'antd';
import { EnvironmentOutlined, MailOutlined, PhoneOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@ai-edu/contract';
import { contactTitle } from '../group-contacts.ts';

/** Spec §9: modal width 600, QR code 120 px. */
export const CONTACT_MODAL_WIDTH = 600;
export const CONTACT_QR_SIZE = 120;

interface ContactModalProps {
  contact: Contact | null;
  /** Cancel clears the selected contact. */
  onCancel: () => void;
}

function Field({ label, icon, value }: { label: string; icon?: ReactNode; value: string }) {
  if (!value) return null;
  return (
    <div className="contact-card-field">
      <dt>
        {icon}
        <span>{label}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

export function ContactModal({ contact, onCancel }: ContactModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={contact !== null}
      title={contactTitle(contact, t('contact.fallbackTitle'))}
      width={CONTACT_MODAL_WIDTH}
      onCancel={onCancel}
      footer={<Button onClick={onCancel}>{t('contact.cancel')}</Button>}
      destroyOnHidden
      rootClassName="contact-modal"
    >
      {contact && (
        <div className="contact-card">
          <dl className="contact-card-fields">
            <Field label={t('contact.name')} value={contact.name} />
            <Field label={t('contact.job')} value={contact.job} />
            <Field label={t('contact.phone')} icon={<PhoneOutlined />} value={contact.phone} />
            <Field label={t('contact.phone2')} icon={<PhoneOutlined />} value={contact.phone2} />
            <Field label={t('contact.address')} icon={<EnvironmentOutlined />} value={contact.address} />
            <Field label={t('contact.email')} icon={<MailOutlined />} value={contact.email} />
          </dl>
          {(contact.qrData || contact.url) && (
            <figure className="contact-card-qr" data-testid="contact-qr">
              {contact.qrData ? (
                <QRCode value={contact.qrData} size={CONTACT_QR_SIZE} bordered={false} type="svg" />
              ) : (
                <img
                  src={contact.url}
                  width={CONTACT_QR_SIZE}
                  height={CONTACT_QR_SIZE}
                  alt={t('contact.wechat')}
                />
              )}
              <figcaption>
                <WechatOutlined /> {t('contact.wechat')}
              </figcaption>
            </figure>
          )}
        </div>
      )}
    </Modal>
  );
}
