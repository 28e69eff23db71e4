import { VIP_SCHOOL } from '@ai-edu/contract';
import { paths } from '../../../config/paths.ts';

export const NAV_ITEMS = [
  { path: paths.home, label: 'nav.home' },
  { path: paths.aiLab, label: 'nav.aiLab' },
  { path: paths.courses, label: 'nav.courses' },
  { path: paths.embodiment, label: 'nav.embodiment' },
  { path: paths.make, label: 'nav.make' },
  { path: paths.class, label: 'nav.class', minVip: VIP_SCHOOL },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];

/** The items an account sees: Class only for vip 2 (spec §1/§6). */
export function navItemsFor(vip: number | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => !('minVip' in item) || (vip ?? -1) >= item.minVip);
}

/** Which nav item a path belongs to: the longest matching prefix, so '/course/7' selects Courses. */
export function selectedNavKey(pathname: string): string {
  const match = NAV_ITEMS.filter((item) =>
    item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
  return match?.path ?? '';
}

/** Days left under which the expiry tag turns to a warning colour. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryLevel = 'ok' | 'soon' | 'expired';

export function expiryLevel(daysLeft: number): ExpiryLevel {
  if (daysLeft <= 0) return 'expired';
  return daysLeft <= EXPIRY_WARNING_DAYS ? 'soon' : 'ok';
}
