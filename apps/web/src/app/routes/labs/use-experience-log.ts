import { useEffect } from 'react';
import {
  EXPERIENCE_ENTER,
  EXPERIENCE_LEAVE,
  isExperiencePath,
  logExperience,
} from '../../../lib/activity-log.ts';

/**
 * Experience logs of spec §7: type 0 when a lab path opens, type 1 when it is left — by navigating away,
 * closing the tab or reloading (pagehide), whichever comes first.
 */
export function useExperienceLog(pathname: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !isExperiencePath(pathname)) return;
    logExperience({ type: EXPERIENCE_ENTER, path: pathname, timestamp: Date.now() });
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      logExperience({ type: EXPERIENCE_LEAVE, path: pathname, timestamp: Date.now() });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [pathname, enabled]);
}
