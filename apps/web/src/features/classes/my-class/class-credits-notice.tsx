import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { useSessionUser } from '../../../lib/session-user.ts';
import { creditsLine, isPaidLab } from './credits-line.ts';
import { useMyClassTranslation } from './i18n.ts';
import { MY_CLASS_KEY, useMyClass } from './use-my-class.ts';
import './my-class.css';

/**
 * In a paid lab, what a student of a budgeted class may still spend today. Labs update the cached balance
 * after each paid call (lib/credit-balance.ts); when it moves, this asks for the class's numbers again.
 */
export function ClassCreditsNotice({ slug }: { slug: string }) {
  const paid = isPaidLab(slug);
  const { t } = useMyClassTranslation();
  const { data } = useMyClass();
  const queryClient = useQueryClient();
  const balance = useSessionUser()?.quotaInfo.total_balance;
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current === balance) return;
    seen.current = balance;
    if (paid) void queryClient.invalidateQueries({ queryKey: MY_CLASS_KEY });
  }, [balance, paid, queryClient]);

  const line = paid && data ? creditsLine(data.budget, data.teachers, t('listSeparator')) : null;
  if (!line) return null;
  const usedUp = line.key === 'credits.usedUp';
  return (
    <p
      className={['class-credits-notice', usedUp && 'class-credits-notice-empty'].filter(Boolean).join(' ')}
      role="status"
      data-testid="class-credits-notice"
    >
      <CreditIcon size={14} />
      <span>{t(line.key, line.values)}</span>
    </p>
  );
}
