import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreditIcon } from './credit-icon.tsx';
import './cost-button.css';

export interface CostButtonProps extends ButtonProps {
  /** Credits the action costs; the server charges them, this only shows the price. */
  cost: number;
}

/** An action that spends credits: its label, then the cost next to the credit icon (spec §1). */
export function CostButton({ cost, children, className, ...props }: CostButtonProps) {
  const { t } = useTranslation();
  return (
    <Button {...props} className={['cost-button', className].filter(Boolean).join(' ')}>
      <span>{children}</span>
      <span className="cost-button-cost" aria-label={t('lab.cost', { count: cost })}>
        <CreditIcon size={14} />
        <span aria-hidden="true">{cost}</span>
      </span>
    </Button>
  );
}
