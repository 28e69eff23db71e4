export { TopBar } from './components/top-bar.tsx';
export {
  AccountBadge,
  useAccountExplanation,
  useAccountTypeLabel,
  type NavAccount,
} from './components/account-badge.tsx';
