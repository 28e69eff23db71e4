import { useState } from 'react';
import { CalendarOutlined, CheckCircleFilled, GiftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Tag } from 'antd';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { EventView, UserInfo } from '@ai-edu/contract';
import { CreditIcon } from '../../components/credit-icon.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useLocalized } from '../../lib/localized.ts';
import { toast } from '../../lib/toast.ts';
import { call } from '../../lib/product-call.ts';
import { useSessionUser } from '../../lib/session-user.ts';
import { useEventTranslation } from './i18n.ts';
import './event.css';

const EVENT_KEY = ['event-current'] as const;

/** The navbar's balance lives in the auth feature's cached user info (`['user-info', uid]`). */
function applyBalance(queryClient: QueryClient, balance: number): void {
  queryClient.setQueriesData<UserInfo>({ queryKey: ['user-info'] }, (old) =>
    old && old.quotaInfo.total_balance !== balance
      ? { ...old, quotaInfo: { ...old.quotaInfo, total_balance: balance } }
      : old,
  );
  void queryClient.invalidateQueries({ queryKey: ['credits-history'] });
}

/** `/eventPromotion`: the current event with its redeem code and daily check-in. */
export function EventPage({ title }: { title: string }) {
  const { t, language } = useEventTranslation();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'redeem' | 'checkin' | null>(null);
  const event = useQuery({
    queryKey: EVENT_KEY,
    queryFn: ({ signal }) => call<EventView | null>('/api/events/current', { signal }),
  });
  const localize = useLocalized();
  // The demo event comes in both languages; a school's own shows as written.
  const data = event.data && localize(event.data);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

  async function act(kind: 'redeem' | 'checkin') {
    if (!data) return;
    setBusy(kind);
    try {
      const reply = await call<{ balance: number }>(`/api/events/${data.id}/${kind}`, {
        method: 'POST',
        json: kind === 'redeem' ? { code: code.trim() } : {},
      });
      applyBalance(queryClient, reply.balance);
      toast(
        kind === 'redeem'
          ? t('redeem.done', { credits: data.redeemCredits })
          : t('checkin.done', { credits: data.checkinCredits }),
        'success',
      );
      if (kind === 'redeem') setCode('');
    } catch {
      // The server's message was shown.
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: EVENT_KEY });
    }
  }

  return (
    <PageFrame title={title} hideBack loading={event.isPending} className="event-page">
      {event.isSuccess && !data && <Empty description={t('none')} />}
      {data && (
        <>
          <section className={`event-hero event-hero-${data.state}`}>
            <div className="event-hero-art" aria-hidden>
              <GiftOutlined />
            </div>
            <div className="event-hero-text">
              <Tag color={data.state === 'active' ? 'green' : data.state === 'upcoming' ? 'blue' : 'default'}>
                {t(`state.${data.state}`)}
              </Tag>
              <h2>{data.title}</h2>
              <p className="event-window">
                <CalendarOutlined /> {t('window', { start: date(data.startsAt), end: date(data.endsAt) })}
              </p>
              {user && (
                <p className="event-balance">
                  <CreditIcon /> {t('balance', { balance: user.quotaInfo.total_balance })}
                </p>
              )}
            </div>
          </section>

          {data.state === 'upcoming' && (
            <Alert type="info" showIcon message={t('notBegun', { date: date(data.startsAt) })} />
          )}
          {data.state === 'ended' && <Alert type="warning" showIcon message={t('ended')} />}

          <div className="event-layout">
            <article className="event-card event-body">
              <Markdown remarkPlugins={[remarkGfm]}>{data.body}</Markdown>
            </article>
            <aside className="event-actions">
              {data.hasRedeemCode && (
                <div className="event-card">
                  <h3>{t('redeem.title')}</h3>
                  <p>{t('redeem.text', { credits: data.redeemCredits })}</p>
                  {data.redeemed ? (
                    <p className="event-done">
                      <CheckCircleFilled /> {t('redeem.already')}
                    </p>
                  ) : (
                    <div className="event-redeem">
                      <Input
                        value={code}
                        placeholder={t('redeem.placeholder')}
                        aria-label={t('redeem.placeholder')}
                        maxLength={64}
                        disabled={data.state !== 'active'}
                        onChange={(e) => setCode(e.target.value)}
                        onPressEnter={() => code.trim() && void act('redeem')}
                      />
                      <Button
                        type="primary"
                        loading={busy === 'redeem'}
                        disabled={data.state !== 'active' || !code.trim()}
                        onClick={() => void act('redeem')}
                      >
                        {t('redeem.submit')}
                      </Button>
                    </div>
                  )}
                </div>
              )}
              {data.checkinCredits > 0 && (
                <div className="event-card">
                  <h3>{t('checkin.title')}</h3>
                  <p>{t('checkin.text', { credits: data.checkinCredits })}</p>
                  {data.checkedInToday ? (
                    <p className="event-done">
                      <CheckCircleFilled /> {t('checkin.already')}
                    </p>
                  ) : (
                    <Button
                      type="primary"
                      block
                      loading={busy === 'checkin'}
                      disabled={data.state !== 'active'}
                      onClick={() => void act('checkin')}
                    >
                      {t('checkin.submit')}
                    </Button>
                  )}
                </div>
              )}
            </aside>
          </div>
        </>
      )}
    </PageFrame>
  );
}
