import { Tag } from 'antd';
import { useAdminTranslation } from '../i18n.ts';

const COLORS = ['default', 'blue', 'purple'] as const;

export function VipTag({ vip }: { vip: number }) {
  const { t } = useAdminTranslation();
  const level = vip === 1 || vip === 2 ? vip : 0;
  return (
    <Tag color={COLORS[level]} variant="filled">
      {t(`vip.v${level}`)}
    </Tag>
  );
}

export function useVipOptions() {
  const { t } = useAdminTranslation();
  return [0, 1, 2].map((vip) => ({ value: vip, label: `${vip} · ${t(`vip.v${vip as 0 | 1 | 2}`)}` }));
}
