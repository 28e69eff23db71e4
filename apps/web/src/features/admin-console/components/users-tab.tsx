import { useState } from 'react';
import { Button, Dropdown, Modal, Grid, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import {
  AppstoreOutlined,
  EditOutlined,
  KeyOutlined,
  MoreOutlined,
  StopOutlined,
  UserAddOutlined,
  WalletOutlined,
  CheckCircleOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, userPath, userSummarySchema, useUserPage, type UserSummary } from '../api/admin-api.ts';
import { adminRequest } from '../api/client.ts';
import { useFormatters } from '../format.ts';
import { useAdminTranslation } from '../i18n.ts';
import { CreateUserModal } from './create-user-modal.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { TempPasswordModal } from './temp-password-modal.tsx';
import { VipTag } from './vip-tag.tsx';

const PAGE_SIZE = 20;

interface UsersTabProps {
  /** Opens the Credits tab for this account. */
  onCredits: (user: UserSummary) => void;
  /** Opens the Lab access tab for this account. */
  onLabAccess: (user: UserSummary) => void;
}

/** Search, page through and manage accounts. */
export function UsersTab({ onCredits, onLabAccess }: UsersTabProps) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const formats = useFormatters();
  // Modal.useModal: the confirm takes the app's theme and locale without an antd <App> (see app/providers.tsx).
  const [modal, modalHolder] = Modal.useModal();
  // Narrow screens: no pinned columns (they would cover the table) and icon-only actions.
  const wide = Grid.useBreakpoint().md ?? true;
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserSummary | null>(null);
  const [password, setPassword] = useState<{ account: string; password: string } | null>(null);
  const { data, isFetching } = useUserPage(q, page, PAGE_SIZE);

  const setDisabled = async (user: UserSummary, disabled: boolean) => {
    try {
      await adminRequest(queryClient, userPath(user.id), userSummarySchema, {
        method: 'PATCH',
        json: { disabled },
      });
      toast(t(disabled ? 'users.disabledDone' : 'users.enabledDone', { account: user.account }), 'success');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    } catch {
      // Shown by adminRequest.
    }
  };

  const resetPassword = async (user: UserSummary) => {
    try {
      const reply = await adminRequest(
        queryClient,
        `${userPath(user.id)}/password`,
        z.object({ password: z.string() }),
        { method: 'POST', json: {} },
      );
      setPassword({ account: user.account, password: reply.password });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    } catch {
      // Shown by adminRequest.
    }
  };

  const confirmReset = (user: UserSummary) => {
    modal.confirm({
      title: t('users.resetPassword'),
      content: t('users.resetConfirm', { account: user.account }),
      okText: t('users.resetPassword'),
      cancelText: t('common.cancel'),
      onOk: () => resetPassword(user),
    });
  };

  return (
    <section className="admin-tab">
      {modalHolder}
      <div className="admin-toolbar">
        <Input.Search
          className="admin-search"
          placeholder={t('users.search')}
          aria-label={t('users.search')}
          allowClear
          enterButton
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
          {t('users.create')}
        </Button>
      </div>
      <Table<UserSummary>
        className="admin-table"
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 980 }}
        locale={{ emptyText: t('users.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { count: total }),
          onChange: setPage,
        }}
        columns={[
          {
            key: 'account',
            title: t('users.account'),
            fixed: wide ? 'left' : undefined,
            render: (_, user) => (
              <div className="admin-account">
                <strong>{user.account}</strong>
                <span className="admin-account-tags">
                  {user.role === 'admin' && (
                    <Tag color="gold" variant="filled">
                      {t('users.admin')}
                    </Tag>
                  )}
                  {user.disabled && (
                    <Tag color="red" variant="filled">
                      {t('users.disabled')}
                    </Tag>
                  )}
                  {!user.hasPassword && <Tag variant="filled">{t('users.noPassword')}</Tag>}
                </span>
              </div>
            ),
          },
          { key: 'type', title: t('users.type'), render: (_, user) => <VipTag vip={user.vip} />, width: 110 },
          {
            key: 'validity',
            title: t('users.validity'),
            width: 170,
            render: (_, user) =>
              user.validUntil ? (
                <span className="admin-validity">
                  {formats.date(user.validUntil)}
                  <small>{t('users.daysLeft', { days: user.leftValidDays })}</small>
                </span>
              ) : (
                <span className="admin-muted">{t('users.noEnd')}</span>
              ),
          },
          {
            key: 'company',
            title: t('users.company'),
            render: (_, user) => user.companyName || <span className="admin-muted">{t('common.none')}</span>,
          },
          {
            key: 'credits',
            title: t('users.credits'),
            align: 'right',
            width: 110,
            render: (_, user) => (
              <span className="admin-credits">
                <CreditIcon size={14} /> {user.credits}
              </span>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            fixed: wide ? 'right' : undefined,
            width: wide ? 250 : 150,
            render: (_, user) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(user)}
                  aria-label={`${t('common.edit')} ${user.account}`}
                >
                  {wide && t('common.edit')}
                </Button>
                <Button
                  size="small"
                  icon={<WalletOutlined />}
                  onClick={() => onCredits(user)}
                  aria-label={`${t('users.manageCredits')} ${user.account}`}
                >
                  {wide && t('users.manageCredits')}
                </Button>
                <Popconfirm
                  title={t(user.disabled ? 'users.enableConfirm' : 'users.disableConfirm', {
                    account: user.account,
                  })}
                  okText={t(user.disabled ? 'users.enable' : 'users.disable')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: !user.disabled }}
                  onConfirm={() => setDisabled(user, !user.disabled)}
                >
                  <Tooltip title={t(user.disabled ? 'users.enable' : 'users.disable')}>
                    <Button
                      size="small"
                      danger={!user.disabled}
                      icon={user.disabled ? <CheckCircleOutlined /> : <StopOutlined />}
                      aria-label={`${t(user.disabled ? 'users.enable' : 'users.disable')} ${user.account}`}
                    />
                  </Tooltip>
                </Popconfirm>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'labs', icon: <AppstoreOutlined />, label: t('users.labAccess') },
                      { key: 'password', icon: <KeyOutlined />, label: t('users.resetPassword') },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'labs') onLabAccess(user);
                      if (key === 'password') confirmReset(user);
                    },
                  }}
                >
                  <Button
                    size="small"
                    icon={<MoreOutlined />}
                    aria-label={`${t('users.more')} ${user.account}`}
                  />
                </Dropdown>
              </Space>
            ),
          },
        ]}
      />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <TempPasswordModal value={password} onClose={() => setPassword(null)} />
    </section>
  );
}
