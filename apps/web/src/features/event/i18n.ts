/** The event page's texts, registered as the i18next namespace `event` when its chunk loads. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  notBegun: 'The event has not begun yet. It starts {{date}}.',
  ended: 'The event has ended. Thank you for taking part!',
  running: 'Running until {{date}}',
  none: 'There is no event at the moment. Come back soon!',
  window: '{{start}} – {{end}}',
  state: { upcoming: 'Not begun', active: 'Running', ended: 'Ended' },
  redeem: {
    title: 'Redeem a code',
    text: 'Enter the event code to receive {{credits}} credits (once per account).',
    placeholder: 'Event code',
    submit: 'Redeem',
    done: 'Code redeemed: +{{credits}} credits',
    already: 'You have already redeemed this event’s code.',
  },
  checkin: {
    title: 'Daily check-in',
    text: 'Check in every day to receive {{credits}} credits.',
    submit: 'Check in',
    done: 'Checked in: +{{credits}} credits',
    already: 'Checked in today. Come back tomorrow!',
  },
  balance: 'Your credits: {{balance}}',
};

const zh: typeof en = {
  notBegun: '活动尚未开始，将于 {{date}} 开始。',
  ended: '活动已结束，感谢参与！',
  running: '进行中，截止 {{date}}',
  none: '当前没有活动，敬请期待！',
  window: '{{start}} – {{end}}',
  state: { upcoming: '未开始', active: '进行中', ended: '已结束' },
  redeem: {
    title: '兑换码',
    text: '输入活动兑换码，领取 {{credits}} 积分（每个账号一次）。',
    placeholder: '活动兑换码',
    submit: '兑换',
    done: '兑换成功：+{{credits}} 积分',
    already: '你已经兑换过本次活动的兑换码。',
  },
  checkin: {
    title: '每日签到',
    text: '每天签到可得 {{credits}} 积分。',
    submit: '签到',
    done: '签到成功：+{{credits}} 积分',
    already: '今天已签到，明天再来！',
  },
  balance: '我的积分：{{balance}}',
};

const NAMESPACE = 'event';
type EventTextKey = LabTextKey<typeof en>;
type LooseT = (key: string, options?: Record<string, unknown>) => string;

function registerTexts(): void {
  for (const [lang, texts] of Object.entries({ en, 'zh-CN': zh })) {
    if (!i18n.hasResourceBundle(lang, NAMESPACE)) i18n.addResourceBundle(lang, NAMESPACE, texts, true, false);
  }
}

export function useEventTranslation() {
  registerTexts();
  const { t: tApp, i18n: instance } = useTranslation();
  const language = instance.language;
  const t = useCallback(
    (key: EventTextKey, options?: Record<string, unknown>): string =>
      (instance.t as unknown as LooseT)(key, { ...options, ns: NAMESPACE, lng: language }),
    [instance, language],
  );
  return { t, tApp: tApp as unknown as LooseT, language };
}
