import { useTranslation } from 'react-i18next';
import { EmbodimentPage as Embodiment } from '../../../features/embodiment/embodiment-page.tsx';

/** Embodied intelligence (spec §2 'embodiment'). */
export default function EmbodimentPage() {
  const { t } = useTranslation();
  return <Embodiment title={t('pages.embodiment.title')} />;
}
