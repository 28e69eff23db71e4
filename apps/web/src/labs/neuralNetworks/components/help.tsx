import type { ReactNode } from 'react';
import { Popover } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTexts } from '../use-lab.ts';

/** A control's label with a "why?" button that opens the longer explanation (click or tap, not hover). */
export function HelpLabel({ label, why, htmlFor }: { label: string; why: ReactNode; htmlFor?: string }) {
  const { t } = useTexts();
  return (
    <span className="nn-help-label">
      <label htmlFor={htmlFor}>{label}</label>
      <Popover content={<div className="nn-why">{why}</div>} title={label} trigger="click" placement="bottom">
        <button type="button" className="nn-why-button" aria-label={`${t('why')} ${label}`}>
          <QuestionCircleOutlined />
        </button>
      </Popover>
    </span>
  );
}

/** The one-line explanation under a control. */
export function Hint({ children }: { children: ReactNode }) {
  return <div className="nn-hint">{children}</div>;
}
