import { useTranslation } from 'react-i18next';
import { EventPage } from '../../../features/event/event-page.tsx';

/** The limited-time event (spec §2 'eventPromotion'). */
export default function EventPromotionPage() {
  const { t } = useTranslation();
  return <EventPage title={t('pages.event.title')} />;
}
