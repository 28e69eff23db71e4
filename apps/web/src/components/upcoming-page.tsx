import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from './page-frame.tsx';
import './upcoming-page.css';

export interface UpcomingPageProps {
  title: string;
  /** What the page will hold, in a sentence or two. */
  description: string;
  /** The main things it will offer, one line each. */
  features?: readonly string[];
  icon: ReactNode;
  /** Back target; the page frame's default (one level up) otherwise. */
  backTo?: string;
  hideBack?: boolean;
  children?: ReactNode;
}

/** A real, translated page for a route whose content a later release brings: title and what it will hold. */
export function UpcomingPage({
  title,
  description,
  features = [],
  icon,
  backTo,
  hideBack,
  children,
}: UpcomingPageProps) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title} backTo={backTo} hideBack={hideBack}>
      <section className="upcoming">
        <div className="upcoming-icon" aria-hidden="true">
          {icon}
        </div>
        <Tag color="gold" variant="filled" icon={<ClockCircleOutlined />}>
          {t('pages.upcoming')}
        </Tag>
        <p className="upcoming-description">{description}</p>
        {features.length > 0 && (
          <ul className="upcoming-features">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        )}
        {children}
      </section>
    </PageFrame>
  );
}
