import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Most page chunks arrive within a blink; a bar that flashes for those is noise, not information. */
export const PROGRESS_DELAY_MS = 300;

/**
 * A thin bar at the top of the window while the next page (its lazy chunk, its loader) loads, shown only once
 * that has taken longer than PROGRESS_DELAY_MS. Styled by `.route-progress` in app/global.css.
 */
export function RouteProgress() {
  const loading = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setShown(false);
    };
  }, [loading]);
  if (!loading || !shown) return null;
  return <div className="route-progress" role="progressbar" aria-busy="true" data-testid="route-progress" />;
}
