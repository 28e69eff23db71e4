import { useState } from 'react';
import { Button, Checkbox, Empty, Input, Segmented, Skeleton, Tag } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LABS, type LabSlug } from '@ai-edu/contract';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, labAccessSchema, type UserSummary } from '../api/admin-api.ts';
import { adminRequest } from '../api/client.ts';
import { useAdminTranslation } from '../i18n.ts';
import { UserPicker } from './user-picker.tsx';

export type LabScope = { kind: 'account'; user: UserSummary | null } | { kind: 'company'; company: string };

function scopeQuery(scope: LabScope): { account?: string; company?: string } | null {
  if (scope.kind === 'account') return scope.user ? { account: scope.user.id } : null;
  return scope.company ? { company: scope.company } : null;
}

/** The checkbox list for one account or school: ticked = open; saved whole (the denied list). */
function LabChecklist({ scope }: { scope: NonNullable<ReturnType<typeof scopeQuery>> }) {
  const { t, tApp } = useAdminTranslation();
  const queryClient = useQueryClient();
  const key = adminKeys.labAccess(JSON.stringify(scope));
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      adminRequest(queryClient, '/api/admin/lab-access', labAccessSchema, { query: scope, signal }),
  });
  const [denied, setDenied] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const current = denied ?? data?.denied ?? [];
  const dirty = denied !== null && [...denied].sort().join() !== [...(data?.denied ?? [])].sort().join();

  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!data) return null;

  const toggle = (slug: LabSlug, open: boolean) =>
    setDenied(open ? current.filter((s) => s !== slug) : [...current, slug]);

  const save = async () => {
    setSaving(true);
    try {
      const reply = await adminRequest(queryClient, '/api/admin/lab-access', labAccessSchema, {
        method: 'PUT',
        json: { ...scope, deny: current },
      });
      toast(t('labs.saved', { count: reply.denied.length }), 'success');
      setDenied(null);
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    } catch {
      // Shown by adminRequest.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="admin-labs">
      <div className="admin-labs-bar">
        <span className="admin-muted">{t('labs.help')}</span>
        <span className="admin-labs-bulk">
          <Button size="small" onClick={() => setDenied([])}>
            {t('labs.all')}
          </Button>
          <Button size="small" onClick={() => setDenied(LABS.map((lab) => lab.slug))}>
            {t('labs.clear')}
          </Button>
        </span>
      </div>
      <ul className="admin-labs-grid">
        {LABS.map((lab) => {
          const open = !current.includes(lab.slug);
          const offBySchool = open && data.allowed !== undefined && !data.allowed.includes(lab.slug);
          return (
            <li key={lab.slug} className={['admin-lab', open ? 'admin-lab-open' : ''].join(' ')}>
              <Checkbox checked={open} onChange={(event) => toggle(lab.slug, event.target.checked)}>
                <span className="admin-lab-title">{tApp(`labs.${lab.slug}.title`)}</span>
                <code className="admin-lab-slug">{lab.slug}</code>
              </Checkbox>
              {offBySchool && (
                <Tag color="orange" variant="filled">
                  {t('labs.offBySchool')}
                </Tag>
              )}
            </li>
          );
        })}
      </ul>
      <div className="admin-save-bar">
        {dirty && <span className="admin-dirty">{t('common.unsaved')}</span>}
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={!dirty}
          onClick={() => void save()}
        >
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}

/** Which labs one account, or every account of a school, may open. */
export function LabAccessTab({ scope, onScope }: { scope: LabScope; onScope: (scope: LabScope) => void }) {
  const { t } = useAdminTranslation();
  const [companyDraft, setCompanyDraft] = useState(scope.kind === 'company' ? scope.company : '');
  const query = scopeQuery(scope);

  return (
    <section className="admin-tab">
      <div className="admin-card">
        <div className="admin-toolbar admin-labs-scope">
          <Segmented
            value={scope.kind}
            options={[
              { value: 'account', label: t('labs.account') },
              { value: 'company', label: t('labs.company') },
            ]}
            onChange={(kind) =>
              onScope(kind === 'account' ? { kind: 'account', user: null } : { kind: 'company', company: '' })
            }
            aria-label={t('labs.scope')}
          />
          {scope.kind === 'account' ? (
            <UserPicker
              value={scope.user}
              onChange={(user) => onScope({ kind: 'account', user })}
              className="admin-user-picker"
            />
          ) : (
            <Input.Search
              className="admin-search"
              value={companyDraft}
              onChange={(event) => setCompanyDraft(event.target.value)}
              placeholder={t('labs.companyPlaceholder')}
              aria-label={t('labs.companyName')}
              enterButton={t('labs.load')}
              onSearch={(value) => onScope({ kind: 'company', company: value.trim() })}
            />
          )}
        </div>
        {query ? (
          <LabChecklist key={JSON.stringify(query)} scope={query} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('labs.pick')} />
        )}
      </div>
    </section>
  );
}
