import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { z } from 'zod';
import { eventInputSchema, generateRedeemCode } from '@ai-edu/contract';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, eventViewSchema, useEvents, type AdminEvent } from '../api/admin-api.ts';
import { adminRequest, failureMessage } from '../api/client.ts';
import { fromLocalInput, toLocalInput, useFormatters } from '../format.ts';
import { useAdminTranslation } from '../i18n.ts';

interface EventValues {
  title: string;
  body: string;
  startsAt: string;
  endsAt: string;
  redeemCode: string;
  redeemCredits: number | null;
  checkinCredits: number | null;
}

const STATE_COLORS = { upcoming: 'blue', active: 'green', ended: 'default' } as const;

function valuesOf(event: AdminEvent | null): EventValues {
  const now = new Date();
  const inAWeek = new Date(now.getTime() + 7 * 86_400_000);
  return {
    title: event?.title ?? '',
    body: event?.body ?? '',
    startsAt: toLocalInput(event?.startsAt ?? now.toISOString()),
    endsAt: toLocalInput(event?.endsAt ?? inAWeek.toISOString()),
    redeemCode: '',
    redeemCredits: event?.redeemCredits ?? 0,
    checkinCredits: event?.checkinCredits ?? 0,
  };
}

/** Create or edit an event; checked with the contract's schema, then by the server. */
function EventModal({ value, onClose }: { value: { event: AdminEvent | null } | null; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EventValues>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const body = Form.useWatch('body', form) ?? '';
  const editing = value?.event ?? null;

  const submit = async (values: EventValues) => {
    const input = {
      title: values.title,
      body: values.body,
      startsAt: fromLocalInput(values.startsAt),
      endsAt: fromLocalInput(values.endsAt),
      ...(values.redeemCode.trim() ? { redeemCode: values.redeemCode.trim() } : {}),
      redeemCredits: values.redeemCredits ?? 0,
      checkinCredits: values.checkinCredits ?? 0,
    };
    // An edit without a new code keeps the old one: the credits may stay above 0 without a code here.
    const checked = eventInputSchema.safeParse(
      editing?.hasRedeemCode && !input.redeemCode ? { ...input, redeemCode: 'KEEP0000' } : input,
    );
    if (!checked.success) {
      setProblem(t('events.invalid', { message: checked.error.issues.map((i) => i.message).join('; ') }));
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await adminRequest(
        queryClient,
        editing ? `/api/admin/events/${encodeURIComponent(editing.id)}` : '/api/admin/events',
        eventViewSchema,
        { method: editing ? 'PUT' : 'POST', json: input, silent: true },
      );
      toast(t('events.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: adminKeys.events });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    } catch (error) {
      const message = failureMessage(error);
      setProblem(message);
      toast(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={value !== null}
      title={editing ? t('events.editTitle') : t('events.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setProblem(null)}
      destroyOnHidden
      width={720}
    >
      {value && (
        <Form
          form={form}
          layout="vertical"
          initialValues={valuesOf(editing)}
          onFinish={(values) => void submit(values)}
          className="admin-form"
        >
          {problem && <Alert className="admin-problems" type="error" showIcon title={problem} />}
          <Form.Item
            name="title"
            label={t('events.titleField')}
            rules={[{ required: true, whitespace: true, message: t('events.titleField') }]}
          >
            <Input maxLength={120} showCount />
          </Form.Item>
          <Form.Item label={t('events.body')} className="admin-markdown-field">
            <Tabs
              size="small"
              items={[
                {
                  key: 'write',
                  label: t('events.write'),
                  children: (
                    <Form.Item name="body" noStyle>
                      <Input.TextArea
                        autoSize={{ minRows: 6, maxRows: 16 }}
                        maxLength={20_000}
                        spellCheck={false}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'preview',
                  label: t('events.preview'),
                  children: (
                    <div className="admin-markdown-preview">
                      <Markdown remarkPlugins={[remarkGfm]}>{body}</Markdown>
                    </div>
                  ),
                },
              ]}
            />
          </Form.Item>
          <div className="admin-form-row">
            <Form.Item
              name="startsAt"
              label={t('events.startsAt')}
              rules={[{ required: true, message: t('events.startsAt') }]}
            >
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item
              name="endsAt"
              label={t('events.endsAt')}
              rules={[{ required: true, message: t('events.endsAt') }]}
            >
              <Input type="datetime-local" />
            </Form.Item>
          </div>
          <div className="admin-form-row">
            <Form.Item
              label={t('events.redeemCode')}
              extra={editing?.hasRedeemCode ? t('events.redeemCodeKeep') : t('events.redeemCodeHelp')}
            >
              {/* Generated codes are long and free of look-alikes, so they are neither guessed nor mistyped. */}
              <Space.Compact block>
                <Form.Item name="redeemCode" noStyle>
                  <Input maxLength={32} autoComplete="off" aria-label={t('events.redeemCode')} />
                </Form.Item>
                <Button onClick={() => form.setFieldValue('redeemCode', generateRedeemCode())}>
                  {t('events.generateCode')}
                </Button>
              </Space.Compact>
            </Form.Item>
            <Form.Item name="redeemCredits" label={t('events.redeemCredits')}>
              <InputNumber min={0} max={100_000} precision={0} className="admin-number" />
            </Form.Item>
          </div>
          <Form.Item name="checkinCredits" label={t('events.checkinCredits')}>
            <InputNumber min={0} max={10_000} precision={0} className="admin-number" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Limited-time events: list, create, edit, delete. */
export function EventsTab() {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const formats = useFormatters();
  const { data, isFetching } = useEvents();
  const [editing, setEditing] = useState<{ event: AdminEvent | null } | null>(null);

  const remove = async (event: AdminEvent) => {
    try {
      await adminRequest(queryClient, `/api/admin/events/${encodeURIComponent(event.id)}`, z.null(), {
        method: 'DELETE',
      });
      toast(t('events.deleted'), 'success');
      await queryClient.invalidateQueries({ queryKey: adminKeys.events });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    } catch {
      // Shown by adminRequest.
    }
  };

  return (
    <section className="admin-tab">
      <div className="admin-toolbar">
        <span />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ event: null })}>
          {t('events.create')}
        </Button>
      </div>
      <Table<AdminEvent>
        className="admin-table"
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('events.empty')} /> }}
        columns={[
          { key: 'title', title: t('events.titleField'), render: (_, e) => <strong>{e.title}</strong> },
          {
            key: 'state',
            title: t('events.state'),
            width: 100,
            render: (_, e) => (
              <Tag color={STATE_COLORS[e.state]} variant="filled">
                {t(`events.${e.state}`)}
              </Tag>
            ),
          },
          {
            key: 'period',
            title: t('events.period'),
            render: (_, e) => (
              <span className="admin-period">
                {formats.dateTime(e.startsAt)} – {formats.dateTime(e.endsAt)}
              </span>
            ),
          },
          {
            key: 'rewards',
            title: t('events.redeemCode'),
            render: (_, e) => (
              <Space size={4} wrap>
                <Tag variant="filled" color={e.hasRedeemCode ? 'gold' : 'default'}>
                  {e.hasRedeemCode ? t('events.hasCode', { credits: e.redeemCredits }) : t('events.noCode')}
                </Tag>
                {e.checkinCredits > 0 && (
                  <Tag variant="filled" color="cyan">
                    {t('events.checkin', { credits: e.checkinCredits })}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 120,
            render: (_, e) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('common.edit')} ${e.title}`}
                  onClick={() => setEditing({ event: e })}
                />
                <Popconfirm
                  title={t('events.deleteConfirm', { title: e.title })}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(e)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('common.delete')} ${e.title}`}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EventModal value={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
