/** Settings pages (spec §2 setting/personal, setting/experience): profile, credits and lab history. */
import './settings.css';
export { CreditsHistory } from './components/credits-history.tsx';
export { ExperienceHistory } from './components/experience-history.tsx';
export { PersonalProfile, type ProfileFacts } from './components/personal-profile.tsx';
export { authorizationDaysShown } from './format.ts';
