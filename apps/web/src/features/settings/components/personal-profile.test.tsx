/** The profile leaves out "days left" for an account without an authorization of its own (issue 25). */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PersonalProfile, type ProfileFacts } from './personal-profile.tsx';

const facts: ProfileFacts = {
  account: 'zhangsan@demo',
  accountType: 'student',
  company: '示范实验学校',
  vipLabel: 'Student',
  daysLeft: null,
  balance: 20,
};

const render = (f: ProfileFacts) =>
  renderToStaticMarkup(<PersonalProfile facts={f} badge={null} onChangePassword={null} />);

describe('PersonalProfile', () => {
  it('shows the days left of an authorization, and no row at all without one', () => {
    // Without an i18n instance the labels render as their keys.
    expect(render({ ...facts, daysLeft: 365 })).toContain('settings.daysLeft');
    expect(render(facts)).not.toContain('settings.daysLeft');
    expect(render(facts)).toContain('settings.balance');
  });
});
