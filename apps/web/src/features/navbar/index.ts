export { TopBar } from './components/top-bar.tsx';
export { AccountBadge, useAccountTypeLabel, type NavAccount } from './components/account-badge.tsx';
