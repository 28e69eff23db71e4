/** The profile leaves out "days left" for an account without an authorization of its own (issue 25). */
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { PersonalProfile, type ProfileFacts } from './personal-profile.tsx';

/** An i18n instance without catalogues: every label renders as its key, whatever other files set up. */
const keysOnly = i18next.createInstance();
void keysOnly.init({ lng: 'en', resources: {}, initAsync: false });

const facts: ProfileFacts = {
  account: 'zhangsan@demo',
  accountType: 'student',
  company: '示范实验学校',
  vipLabel: 'Student',
  daysLeft: null,
  balance: 20,
};

const render = (f: ProfileFacts) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={keysOnly}>
      <PersonalProfile facts={f} badge={null} onChangePassword={null} />
    </I18nextProvider>,
  );

describe('PersonalProfile', () => {
  it('shows the days left of an authorization, and no row at all without one', () => {
    // Without catalogues the labels render as their keys.
    expect(render({ ...facts, daysLeft: 365 })).toContain('settings.daysLeft');
    expect(render(facts)).not.toContain('settings.daysLeft');
    expect(render(facts)).toContain('settings.balance');
  });
});
