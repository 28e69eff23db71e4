import { Button } from 'antd';
import {
  ArrowRightOutlined,
  BankOutlined,
  CalendarOutlined,
  ExperimentOutlined,
  GiftOutlined,
  GlobalOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAB_CATEGORIES } from '@ai-edu/contract';
import { paths } from '../../config/paths.ts';
import { useAuth, useCurrentUser, useLoginPop } from '../../features/auth/index.ts';
import { canOpenLab, LAB_REGISTRY } from '../../labs/registry.ts';
import { useLocalized } from '../../lib/localized.ts';
import { featuredCoursesQuery } from './home-courses.ts';
import { currentEventQuery } from './home-event.ts';
import { LabCard } from './labs/lab-card.tsx';
import { LabIcon } from './labs/lab-visuals.tsx';
import './home.css';

/** Eight labs for the home page: the ones already built first, then the others by category. */
const FEATURED = [
  ...LAB_REGISTRY.filter((lab) => lab.load),
  ...LAB_CATEGORIES.flatMap((category) =>
    LAB_REGISTRY.filter((lab) => lab.category === category && !lab.load),
  ),
].slice(0, 8);

/** The course cards' icons and colours, by position (the courses themselves come from the server). */
const COURSE_LOOKS = [
  { look: 'basics', icon: <ReadOutlined /> },
  { look: 'ml', icon: <ExperimentOutlined /> },
  { look: 'embodied', icon: <RobotOutlined /> },
] as const;

const HIGHLIGHTS = [
  { key: 'labs', icon: <ExperimentOutlined />, count: LAB_REGISTRY.length },
  { key: 'topics', icon: <ReadOutlined />, count: LAB_CATEGORIES.length },
  { key: 'browser', icon: <GlobalOutlined />, count: 0 },
  { key: 'schools', icon: <BankOutlined />, count: 0 },
] as const;

function useDateRange(): (from: string, to: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric' });
  return (from, to) => format.formatRange(new Date(from), new Date(to));
}

export default function HomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, user } = useAuth();
  const current = useCurrentUser();
  const openLoginModal = useLoginPop((s) => s.openLoginModal);
  const { data: event } = useQuery(currentEventQuery);
  const { data: courses } = useQuery(featuredCoursesQuery);
  const localize = useLocalized();
  const dateRange = useDateRange();
  const loggedIn = status === 'authenticated' && user !== null;

  /** Protected destinations open the login modal first for visitors. */
  const go = (path: string) => (loggedIn ? void navigate(path) : openLoginModal());

  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero-text">
          <p className="home-kicker">{t('home.kicker')}</p>
          <h1 className="home-title">{t('home.title')}</h1>
          <p className="home-subtitle">{t('home.subtitle')}</p>
          {loggedIn ? (
            <div className="home-actions">
              <p className="home-welcome" data-testid="home-welcome">
                {t('home.welcome', { account: user.account })}
              </p>
              <Button type="primary" size="large" shape="round" onClick={() => go(paths.aiLab)}>
                {t('home.openLab')} <ArrowRightOutlined />
              </Button>
            </div>
          ) : (
            status === 'unauthenticated' && (
              <div className="home-actions">
                <Button type="primary" size="large" shape="round" onClick={() => openLoginModal()}>
                  {t('home.start')}
                </Button>
                <Link to={paths.contact} className="home-secondary-link">
                  {t('home.forSchools')} <ArrowRightOutlined />
                </Link>
              </div>
            )
          )}
        </div>
        <div className="home-hero-art" aria-hidden="true">
          {LAB_CATEGORIES.map((category, i) => (
            <span key={category} className={`home-hero-tile home-hero-tile-${i}`}>
              <LabIcon category={category} size={i % 3 === 0 ? 76 : 60} />
            </span>
          ))}
        </div>
      </section>

      <section className="home-highlights" aria-label={t('home.highlightsLabel')}>
        {HIGHLIGHTS.map((item) => (
          <div key={item.key} className="home-highlight">
            <span className="home-highlight-icon">{item.icon}</span>
            <span>
              <strong>{t(`home.highlights.${item.key}.title`, { count: item.count })}</strong>
              <small>{t(`home.highlights.${item.key}.text`)}</small>
            </span>
          </div>
        ))}
      </section>

      <section className="home-section">
        <header className="home-section-head">
          <div>
            <h2>{t('home.labTitle')}</h2>
            <p>{t('home.labText')}</p>
          </div>
          <Button type="link" onClick={() => go(paths.aiLab)}>
            {t('home.allLabs', { count: LAB_REGISTRY.length })} <ArrowRightOutlined />
          </Button>
        </header>
        <div className="lab-grid home-lab-grid">
          {FEATURED.map((lab) => (
            <LabCard
              key={lab.slug}
              lab={lab}
              locked={current !== null && !canOpenLab(current.labs, lab.slug)}
            />
          ))}
        </div>
      </section>

      <section className="home-section">
        <header className="home-section-head">
          <div>
            <h2>{t('home.coursesTitle')}</h2>
            <p>{t('home.coursesText')}</p>
          </div>
          <Button type="link" onClick={() => go(paths.courses)}>
            {t('home.allCourses')} <ArrowRightOutlined />
          </Button>
        </header>
        <div className="home-courses">
          {courses?.map(localize).map((course, i) => {
            const { look, icon } = COURSE_LOOKS[i % COURSE_LOOKS.length]!;
            return (
              <button
                type="button"
                key={course.id}
                className="home-course"
                data-testid="home-course"
                onClick={() => go(`/course/${course.id}`)}
              >
                <span className={`home-course-icon home-course-icon-${look}`}>{icon}</span>
                <span className="home-course-level">
                  {t(`home.courses.${course.level}`)} ·{' '}
                  {t('home.courses.lessons', { count: course.sessions })}
                </span>
                <strong>{course.title}</strong>
                <span className="home-course-text">{course.description}</span>
              </button>
            );
          })}
        </div>
      </section>

      <section className="home-event" data-testid="home-event">
        <span className="home-event-icon">
          <GiftOutlined />
        </span>
        <div className="home-event-text">
          <p className="home-event-kicker">{t('home.event.kicker')}</p>
          <h2>{event ? localize(event).title : t('home.event.fallbackTitle')}</h2>
          <p>
            {event ? (
              <>
                <CalendarOutlined /> {dateRange(event.startsAt, event.endsAt)}
                {event.checkinCredits > 0 && ` · ${t('home.event.checkin', { count: event.checkinCredits })}`}
              </>
            ) : (
              t('home.event.fallbackText')
            )}
          </p>
        </div>
        <Button
          size="large"
          shape="round"
          className="home-event-button"
          onClick={() => go(paths.eventPromotion)}
        >
          {t('home.event.join')}
        </Button>
      </section>

      <section className="home-section home-schools">
        <div className="home-schools-text">
          <h2>{t('home.schools.title')}</h2>
          <p>{t('home.schools.text')}</p>
          <ul>
            <li>
              <SafetyCertificateOutlined /> {t('home.schools.point1')}
            </li>
            <li>
              <TeamOutlined /> {t('home.schools.point2')}
            </li>
            <li>
              <BankOutlined /> {t('home.schools.point3')}
            </li>
          </ul>
        </div>
        <div className="home-schools-cta">
          <Link to={paths.contact}>
            <Button type="primary" size="large" shape="round">
              {t('home.schools.contact')}
            </Button>
          </Link>
        </div>
      </section>
    </div>
  );
}
