import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Skeleton,
  Space,
  Table,
} from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { contactListSchema, contactSchema, type Contact } from '@ai-edu/contract';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, useContacts } from '../api/admin-api.ts';
import { adminRequest, failureMessage } from '../api/client.ts';
import { useAdminTranslation, type AdminT } from '../i18n.ts';
import { contactProblems, parseContactsJson } from './contacts-logic.ts';

const FIELDS = [
  'area',
  'region',
  'name',
  'phone',
  'phone2',
  'job',
  'address',
  'email',
  'qrData',
  'url',
] as const;
const REQUIRED = new Set<string>(['area', 'region', 'name']);

type ContactDraft = Record<(typeof FIELDS)[number], string>;

function emptyContact(): ContactDraft {
  return Object.fromEntries(FIELDS.map((f) => [f, ''])) as ContactDraft;
}

/** One contact in a form, checked with the contract's schema before it joins the list. */
function ContactModal({
  value,
  onSave,
  onClose,
  t,
}: {
  value: { index: number; contact: ContactDraft } | null;
  onSave: (index: number, contact: Contact) => void;
  onClose: () => void;
  t: AdminT;
}) {
  const [form] = Form.useForm<ContactDraft>();
  return (
    <Modal
      open={value !== null}
      title={t('contacts.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {value && (
        <Form
          form={form}
          layout="vertical"
          initialValues={value.contact}
          className="admin-form admin-contact-form"
          onFinish={(draft) => {
            const parsed = contactSchema.safeParse(draft);
            if (!parsed.success) {
              form.setFields(
                parsed.error.issues.map((issue) => ({
                  name: String(issue.path[0]) as keyof ContactDraft,
                  errors: [issue.message],
                })),
              );
              return;
            }
            onSave(value.index, parsed.data);
          }}
        >
          {FIELDS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`contacts.${field}`)}
              rules={
                REQUIRED.has(field)
                  ? [{ required: true, whitespace: true, message: t(`contacts.${field}`) }]
                  : []
              }
              className={
                field === 'address' || field === 'url' || field === 'qrData' ? 'admin-form-wide' : undefined
              }
            >
              <Input />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}

/** The contact list of the contact page, edited as a table or as JSON, validated before saving. */
export function ContactsTab() {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = useContacts();
  const [mode, setMode] = useState<'table' | 'json'>('table');
  const [draft, setDraft] = useState<Contact[] | null>(null);
  const [json, setJson] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [checked, setChecked] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ index: number; contact: ContactDraft } | null>(null);
  const [saving, setSaving] = useState(false);

  const list = draft ?? data ?? [];
  const jsonText = json ?? JSON.stringify(list, null, 2);
  const dirty = draft !== null || json !== null;

  /** The list as it stands in the current mode, or null with the problems shown. */
  const currentList = (): Contact[] | null => {
    if (mode === 'table') return list;
    const result = parseContactsJson(jsonText);
    if ('problems' in result) {
      setProblems(
        result.problems.map((p) =>
          p.kind === 'syntax' ? t('contacts.jsonSyntax', { message: p.message }) : p.message,
        ),
      );
      setChecked(null);
      return null;
    }
    setProblems([]);
    return result.contacts;
  };

  const switchMode = (next: 'table' | 'json') => {
    if (next === mode) return;
    if (next === 'table') {
      const parsed = currentList();
      if (!parsed) {
        toast(t('contacts.fixFirst'), 'warning');
        return;
      }
      if (json !== null) setDraft(parsed);
      setJson(null);
    } else {
      setJson(null);
    }
    setChecked(null);
    setMode(next);
  };

  const save = async () => {
    const contacts = currentList();
    if (!contacts) return;
    const local = contactProblems(contacts);
    if (local.length > 0) {
      setProblems(local);
      return;
    }
    setSaving(true);
    try {
      const saved = await adminRequest(queryClient, '/api/admin/contacts', contactListSchema, {
        method: 'PUT',
        json: { contacts },
        silent: true,
      });
      toast(t('contacts.saved', { count: saved.length }), 'success');
      setDraft(null);
      setJson(null);
      setProblems([]);
      await queryClient.invalidateQueries({ queryKey: adminKeys.contacts });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    } catch (error) {
      const message = failureMessage(error);
      setProblems([message]);
      toast(message);
    } finally {
      setSaving(false);
    }
  };

  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <section className="admin-tab">
      <div className="admin-card">
        <div className="admin-toolbar">
          <Segmented
            value={mode}
            onChange={(value) => switchMode(value === 'json' ? 'json' : 'table')}
            options={[
              { value: 'table', label: t('contacts.table') },
              { value: 'json', label: t('contacts.json') },
            ]}
          />
          <Space wrap>
            {mode === 'table' ? (
              <Button
                icon={<PlusOutlined />}
                onClick={() => setEditing({ index: -1, contact: emptyContact() })}
              >
                {t('contacts.add')}
              </Button>
            ) : (
              <Button
                icon={<CheckOutlined />}
                onClick={() => {
                  const parsed = currentList();
                  if (!parsed) return;
                  const local = contactProblems(parsed);
                  setProblems(local);
                  setChecked(local.length === 0 ? t('contacts.valid', { count: parsed.length }) : null);
                }}
              >
                {t('contacts.validate')}
              </Button>
            )}
            {dirty && <span className="admin-dirty">{t('common.unsaved')}</span>}
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!dirty}
              onClick={() => void save()}
            >
              {t('contacts.save')}
            </Button>
          </Space>
        </div>
        {problems.length > 0 && (
          <Alert
            className="admin-problems"
            type="error"
            showIcon
            title={t('contacts.invalid')}
            description={
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            }
          />
        )}
        {checked && <Alert className="admin-problems" type="success" showIcon title={checked} />}
        {mode === 'table' ? (
          <Table<Contact>
            className="admin-table"
            rowKey={(contact) => `${contact.area}|${contact.region}|${contact.name}|${contact.phone}`}
            size="middle"
            dataSource={list}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contacts.empty')} />,
            }}
            columns={[
              { key: 'area', title: t('contacts.area'), dataIndex: 'area' },
              { key: 'region', title: t('contacts.region'), dataIndex: 'region' },
              { key: 'name', title: t('contacts.name'), dataIndex: 'name' },
              { key: 'job', title: t('contacts.job'), dataIndex: 'job' },
              { key: 'phone', title: t('contacts.phone'), dataIndex: 'phone' },
              { key: 'email', title: t('contacts.email'), dataIndex: 'email' },
              {
                key: 'actions',
                title: t('common.actions'),
                width: 110,
                render: (_, contact, index) => (
                  <Space size={4}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`${t('common.edit')} ${contact.name}`}
                      onClick={() => setEditing({ index, contact: { ...emptyContact(), ...contact } })}
                    />
                    <Popconfirm
                      title={t('contacts.deleteConfirm')}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => setDraft(list.filter((_, i) => i !== index))}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${contact.name}`}
                      />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        ) : (
          <>
            <p className="admin-muted admin-json-help">{t('contacts.jsonHelp')}</p>
            <Input.TextArea
              className="admin-json"
              value={jsonText}
              onChange={(event) => {
                setJson(event.target.value);
                setChecked(null);
              }}
              autoSize={{ minRows: 14, maxRows: 30 }}
              spellCheck={false}
              aria-label={t('contacts.json')}
            />
          </>
        )}
      </div>
      <ContactModal
        value={editing}
        t={t}
        onClose={() => setEditing(null)}
        onSave={(index, contact) => {
          setDraft(index < 0 ? [...list, contact] : list.map((c, i) => (i === index ? contact : c)));
          setEditing(null);
        }}
      />
    </section>
  );
}
