import { useTranslation } from 'react-i18next';
import { ExperienceHistory } from '../../../features/settings/index.ts';
import { findLab } from '../../../labs/registry.ts';

/** `/setting/experience`: the user's own lab history. */
export default function ExperienceSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="settings-card">
      <ExperienceHistory
        labTitle={(slug) => {
          const lab = findLab(slug ?? undefined);
          return lab ? t(lab.titleKey) : null;
        }}
      />
    </div>
  );
}
