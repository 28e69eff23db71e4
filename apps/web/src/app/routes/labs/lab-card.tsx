import { Tag } from 'antd';
import { AudioOutlined, CameraOutlined, ClockCircleOutlined, LockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { labPath } from '../../../config/paths.ts';
import type { LabEntry } from '../../../labs/registry.ts';
import { CATEGORY_VISUALS, LabIcon } from './lab-visuals.tsx';
import './labs.css';

/** One lab on the index (and the home page): icon, title, one line, category, devices and cost. */
export function LabCard({ lab, locked }: { lab: LabEntry; locked: boolean }) {
  const { t } = useTranslation();
  const comingSoon = !lab.load;
  return (
    <Link
      to={labPath(lab.slug)}
      className={['lab-card', comingSoon && 'lab-card-soon', locked && 'lab-card-locked']
        .filter(Boolean)
        .join(' ')}
      data-testid={`lab-card-${lab.slug}`}
    >
      <div className="lab-card-top">
        <LabIcon category={lab.category} />
        <div className="lab-card-flags">
          {locked && (
            <Tag icon={<LockOutlined />} variant="filled">
              {t('lab.locked')}
            </Tag>
          )}
          {!locked && comingSoon && (
            <Tag icon={<ClockCircleOutlined />} color="gold" variant="filled">
              {t('lab.comingSoon')}
            </Tag>
          )}
        </div>
      </div>
      <h3 className="lab-card-title">{t(lab.titleKey)}</h3>
      <p className="lab-card-description">{t(lab.descriptionKey)}</p>
      <div className="lab-card-meta">
        <span className="lab-card-category" style={{ color: CATEGORY_VISUALS[lab.category].from }}>
          {t(lab.categoryKey)}
        </span>
        <span className="lab-card-needs">
          {lab.camera && (
            <span className="lab-card-device" title={t('lab.camera')}>
              <CameraOutlined aria-label={t('lab.camera')} />
            </span>
          )}
          {lab.microphone && (
            <span className="lab-card-device" title={t('lab.microphone')}>
              <AudioOutlined aria-label={t('lab.microphone')} />
            </span>
          )}
          {lab.cost !== undefined && (
            <span className="lab-card-cost" title={t('lab.costPerUse', { count: lab.cost })}>
              <CreditIcon size={14} />
              {lab.cost}
            </span>
          )}
        </span>
      </div>
    </Link>
  );
}
