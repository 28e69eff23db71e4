import { useEffect, useEffectEvent } from 'react';
import { ClockCircleOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Progress, Tag } from 'antd';
import type { Lesson } from '@ai-edu/contract';
import { formatCountdown, msLeft, percentDone } from './countdown.ts';
import { useLessonTranslation } from './i18n.ts';
import { useNow } from './use-now.ts';

/**
 * A running lesson: its labs, whether other labs are locked, who opened it and a live countdown. Shown by
 * lesson mode and on top of the live view; `onOver` runs once the time is up (the owner refetches).
 */
export function LessonSummary({
  lesson,
  onOver,
  actions,
}: {
  lesson: Lesson;
  onOver?: () => void;
  actions?: React.ReactNode;
}) {
  const { t, tApp, language } = useLessonTranslation();
  const now = useNow(true);
  const left = msLeft(lesson.endsAt, now);
  const over = left === 0;
  // Once per lesson reaching its end, whatever callback the owner passes on each render.
  const reachedEnd = useEffectEvent(() => onOver?.());
  useEffect(() => {
    if (over) reachedEnd();
  }, [over]);

  return (
    <section className="class-lesson-running" aria-label={t('running')}>
      <div className="class-lesson-head">
        <h3>
          <ClockCircleOutlined /> {t('running')}
        </h3>
        {lesson.lockOthers ? (
          <Tag color="red" icon={<LockOutlined />}>
            {t('locksOthers')}
          </Tag>
        ) : (
          <Tag icon={<UnlockOutlined />}>{t('othersOpen')}</Tag>
        )}
        {lesson.openedBy && <span className="class-muted">{t('openedBy', { name: lesson.openedBy })}</span>}
      </div>
      <div className="class-lesson-labs" aria-label={t('labs')}>
        {lesson.labs.map((lab) => (
          <Tag key={lab} color="blue">
            {tApp(`labs.${lab}.title`)}
          </Tag>
        ))}
      </div>
      {lesson.starter && (
        <p className="class-lesson-starter">
          {t('starter', { name: lesson.starter.name[language === 'en' ? 'en' : 'zh-CN'] })}
        </p>
      )}
      <div className="class-lesson-time">
        <span>
          {t('timeLeft')}{' '}
          <strong className="class-lesson-countdown" role="timer" aria-live="off">
            {formatCountdown(left)}
          </strong>
        </span>
        <span className="class-muted">
          {t('endsAt', {
            time: new Date(lesson.endsAt).toLocaleTimeString(language, {
              hour: '2-digit',
              minute: '2-digit',
            }),
          })}
        </span>
        <Progress
          className="class-lesson-progress"
          percent={percentDone(lesson.startsAt, lesson.endsAt, now)}
          showInfo={false}
          size="small"
        />
        {actions}
      </div>
    </section>
  );
}
