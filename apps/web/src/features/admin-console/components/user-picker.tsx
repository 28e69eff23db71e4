import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, userPageSchema, type UserSummary } from '../api/admin-api.ts';
import { adminRequest } from '../api/client.ts';
import { useAdminTranslation } from '../i18n.ts';

interface UserPickerProps {
  value: UserSummary | null;
  onChange: (user: UserSummary | null) => void;
  className?: string;
}

/** Finds an account by part of its name or school (server-side search, ten at a time). */
export function UserPicker({ value, onChange, className }: UserPickerProps) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [search]);

  const { data, isFetching } = useQuery({
    queryKey: adminKeys.users(debounced, 1, 10),
    queryFn: ({ signal }) =>
      adminRequest(queryClient, '/api/admin/users', userPageSchema, {
        query: { q: debounced, page: 1, pageSize: 10 },
        signal,
      }),
  });

  const found = data?.items ?? [];
  const options = (value && !found.some((u) => u.id === value.id) ? [value, ...found] : found).map(
    (user) => ({
      value: user.id,
      label: user.account,
      user,
    }),
  );

  return (
    <Select
      className={className}
      value={value?.id ?? null}
      placeholder={t('common.pickUser')}
      aria-label={t('common.pickUser')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      options={options}
      allowClear
      onChange={(id: string | null) => onChange(options.find((o) => o.value === id)?.user ?? null)}
      optionRender={(option) => (
        <span className="admin-user-option">
          <span>{option.data.user.account}</span>
          {option.data.user.companyName && (
            <span className="admin-user-option-company">{option.data.user.companyName}</span>
          )}
        </span>
      )}
    />
  );
}
