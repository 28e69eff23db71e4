import { useState } from 'react';
import { Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import { EnvironmentOutlined, PhoneOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maskPhone, type Contact } from '@ai-edu/contract';
import { useLocalized } from '../../../lib/localized.ts';
import { contactsQuery } from '../api/get-contacts.ts';
import { chunk, groupByArea } from '../group-contacts.ts';
import { ContactModal } from './contact-modal.tsx';
import '../contact.css';

/** Spec §9: two areas per row. */
export const AREAS_PER_ROW = 2;

/** The reusable "contact us" block (spec §2): areas two per row, contacts by region, the contact modal. */
export function ContactBlock({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(contactsQuery);
  const [selected, setSelected] = useState<Contact | null>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const localize = useLocalized();
  // The demo list carries English too; a list the school uploads shows as written.
  const rows = chunk(groupByArea((data ?? []).map(localize)), AREAS_PER_ROW);

  return (
    <section className="contact-block" aria-labelledby="contact-us-title">
      <Heading id="contact-us-title" className="contact-block-title">
        {t('contact.title')}
      </Heading>
      <p className="contact-block-subtitle">{t('contact.subtitle')}</p>
      {isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {(isError || (!isPending && rows.length === 0)) && <Empty description={t('contact.empty')} />}
      {rows.map((row) => (
        <Row gutter={[24, 24]} key={row.map((a) => a.area).join('|')} className="contact-row">
          {row.map(({ area, contacts }) => (
            <Col xs={24} md={12} key={area}>
              <Card className="contact-area" variant="borderless" title={area}>
                <ul className="contact-list">
                  {contacts.map((contact) => (
                    <li key={`${contact.region}-${contact.name}-${contact.phone}`} className="contact-item">
                      <span className="contact-region">
                        <EnvironmentOutlined /> {contact.region}
                      </span>
                      <Button type="link" className="contact-name" onClick={() => setSelected(contact)}>
                        {contact.name}
                      </Button>
                      {contact.phone && (
                        <span className="contact-phone">
                          <PhoneOutlined /> {maskPhone(contact.phone)}
                        </span>
                      )}
                      <Button
                        type="link"
                        size="small"
                        className="contact-wechat"
                        icon={<WechatOutlined aria-hidden />}
                        onClick={() => setSelected(contact)}
                      >
                        {t('contact.addWechat')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      ))}
      <ContactModal contact={selected} onCancel={() => setSelected(null)} />
    </section>
  );
}
