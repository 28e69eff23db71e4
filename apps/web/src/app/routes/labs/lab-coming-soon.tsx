import { Button, Tag } from 'antd';
import { AudioOutlined, CameraOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditIcon } from '../../../components/credit-icon.tsx';
import { LabFrame } from '../../../components/lab-frame.tsx';
import { paths } from '../../../config/paths.ts';
import { findLab } from '../../../labs/registry.ts';
import { LabIcon } from './lab-visuals.tsx';

/** The page of a lab that is not built yet: what it will be, so the card on the index leads somewhere. */
export default function LabComingSoon() {
  const { t } = useTranslation();
  const lab = findLab(useParams().slug);
  if (!lab) return null;
  const title = t(lab.titleKey);
  return (
    <LabFrame slug={lab.slug}>
      <section className="lab-coming-soon">
        <LabIcon category={lab.category} size={72} />
        <Tag icon={<ClockCircleOutlined />} color="gold" variant="filled" className="lab-coming-soon-tag">
          {t('lab.comingSoon')}
        </Tag>
        <h2>{t('lab.comingSoonTitle', { title })}</h2>
        <p className="lab-coming-soon-description">{t(lab.descriptionKey)}</p>
        <p className="lab-coming-soon-text">{t('lab.comingSoonText')}</p>
        <div className="lab-coming-soon-facts">
          <Tag variant="filled">{t(lab.categoryKey)}</Tag>
          {lab.camera && (
            <Tag icon={<CameraOutlined />} variant="filled" color="blue">
              {t('lab.camera')}
            </Tag>
          )}
          {lab.microphone && (
            <Tag icon={<AudioOutlined />} variant="filled" color="purple">
              {t('lab.microphone')}
            </Tag>
          )}
          {lab.cost !== undefined && (
            <Tag variant="filled" color="orange" icon={<CreditIcon size={12} />}>
              {' '}
              {t('lab.costPerUse', { count: lab.cost })}
            </Tag>
          )}
        </div>
        <Link to={paths.aiLab}>
          <Button type="primary" size="large">
            {t('lab.backToLabs')}
          </Button>
        </Link>
      </section>
    </LabFrame>
  );
}
