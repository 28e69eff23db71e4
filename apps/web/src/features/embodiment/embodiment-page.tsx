import {
  BulbOutlined,
  CameraOutlined,
  CodeOutlined,
  ExperimentOutlined,
  EyeOutlined,
  ReadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { labPath } from '../../config/paths.ts';
import { useEmbodimentTranslation } from './i18n.ts';
import { LearningSection } from './learning/learning-section.tsx';
import { LineRobot } from './line-robot.tsx';
import { MicrobitPanel } from './microbit/microbit-panel.tsx';
import './embodiment.css';

/** A friendly robot with its sensors, drawn in SVG. */
function RobotArt() {
  return (
    <svg viewBox="0 0 200 160" className="embodiment-robot-art" aria-hidden>
      <defs>
        <linearGradient id="emb-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6c7bff" />
          <stop offset="1" stopColor="#4f5bff" />
        </linearGradient>
      </defs>
      <line x1="100" y1="18" x2="100" y2="36" stroke="#4f5bff" strokeWidth="4" />
      <circle cx="100" cy="14" r="7" fill="#ffb547" className="emb-pulse" />
      <rect x="55" y="36" width="90" height="62" rx="18" fill="url(#emb-body)" />
      <circle cx="82" cy="66" r="11" fill="#fff" />
      <circle cx="118" cy="66" r="11" fill="#fff" />
      <circle cx="84" cy="67" r="5" fill="#1f1f3a" className="emb-eye" />
      <circle cx="120" cy="67" r="5" fill="#1f1f3a" className="emb-eye" />
      <rect x="62" y="102" width="76" height="30" rx="10" fill="#3b45d9" />
      <circle cx="72" cy="140" r="14" fill="#1f1f3a" />
      <circle cx="128" cy="140" r="14" fill="#1f1f3a" />
      <circle cx="72" cy="140" r="5" fill="#8a8ea3" />
      <circle cx="128" cy="140" r="5" fill="#8a8ea3" />
      <path d="M20 70 q-10 10 0 20 M12 62 q-18 18 0 36" stroke="#48c6ef" strokeWidth="3" fill="none" />
      <path d="M180 70 q10 10 0 20 M188 62 q18 18 0 36" stroke="#48c6ef" strokeWidth="3" fill="none" />
    </svg>
  );
}

function LoopArt() {
  const { t } = useEmbodimentTranslation();
  const steps = [
    { key: 'sense', x: 100, y: 40, color: '#48c6ef', text: t('loop.sense'), sub: t('loop.senseText') },
    { key: 'decide', x: 190, y: 170, color: '#7b5cff', text: t('loop.decide'), sub: t('loop.decideText') },
    { key: 'act', x: 10, y: 170, color: '#ff7a59', text: t('loop.act'), sub: t('loop.actText') },
  ];
  return (
    <svg
      viewBox="0 0 300 240"
      className="embodiment-loop-art"
      role="img"
      aria-label={steps.map((s) => s.text).join(' → ')}
    >
      <defs>
        <marker
          id="emb-arrow"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0 0 L10 5 L0 10 z" fill="#8a8ea3" />
        </marker>
      </defs>
      <path
        d="M205 80 Q 250 120 240 165"
        stroke="#8a8ea3"
        strokeWidth="2.5"
        fill="none"
        markerEnd="url(#emb-arrow)"
      />
      <path
        d="M185 205 Q 150 225 115 205"
        stroke="#8a8ea3"
        strokeWidth="2.5"
        fill="none"
        markerEnd="url(#emb-arrow)"
      />
      <path
        d="M55 165 Q 45 120 95 80"
        stroke="#8a8ea3"
        strokeWidth="2.5"
        fill="none"
        markerEnd="url(#emb-arrow)"
      />
      {steps.map((s) => (
        <g key={s.key}>
          <rect x={s.x} y={s.y} width="100" height="44" rx="14" fill={s.color} />
          <text x={s.x + 50} y={s.y + 27} textAnchor="middle" fill="#fff" fontSize="16" fontWeight="700">
            {s.text}
          </text>
          <text x={s.x + 50} y={s.y + 60} textAnchor="middle" fill="#5b5f73" fontSize="10">
            {s.sub}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** `/embodiment`: embodied AI for schools, with a line-following robot to program in the browser. */
export function EmbodimentPage({ title }: { title: string }) {
  const { t } = useEmbodimentTranslation();
  const cards = [
    { key: 'sensors', title: t('cards.sensors'), text: t('cards.sensorsText'), icon: <EyeOutlined /> },
    { key: 'brain', title: t('cards.brain'), text: t('cards.brainText'), icon: <BulbOutlined /> },
    { key: 'motors', title: t('cards.motors'), text: t('cards.motorsText'), icon: <SettingOutlined /> },
  ];
  return (
    <PageFrame title={title} tip={t('tip')} hideBack className="embodiment-page">
      <section className="embodiment-hero">
        <div className="embodiment-hero-text">
          <h2>{t('hero.title')}</h2>
          <p>{t('hero.text')}</p>
        </div>
        <RobotArt />
        <LoopArt />
      </section>

      <section className="embodiment-cards">
        {cards.map((card) => (
          <div key={card.key} className={`embodiment-card embodiment-card-${card.key}`}>
            <span className="embodiment-card-icon" aria-hidden>
              {card.icon}
            </span>
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </div>
        ))}
      </section>

      <section className="embodiment-sim">
        <h2>{t('sim.title')}</h2>
        <p>{t('sim.text')}</p>
        <LineRobot />
      </section>

      <section className="embodiment-world">
        <h2>{t('world.title')}</h2>
        <p>{t('world.text')}</p>
        <Link to="/make?starter=line-follower">
          <Button type="primary" icon={<CodeOutlined />}>
            {t('world.open')}
          </Button>
        </Link>
        <p>{t('world.signsText')}</p>
        <Link to={`${labPath('trainImage')}?source=robot`}>
          <Button icon={<CameraOutlined />}>{t('world.signs')}</Button>
        </Link>
      </section>

      <LearningSection />

      <section className="embodiment-microbit">
        <MicrobitPanel />
      </section>

      <section className="embodiment-more">
        <div>
          <h2>{t('courses.title')}</h2>
          <p>{t('courses.text')}</p>
        </div>
        <div className="embodiment-more-links">
          <Link to="/course">
            <Button type="primary" icon={<ReadOutlined />}>
              {t('courses.open')}
            </Button>
          </Link>
          <Link to="/ailab">
            <Button icon={<ExperimentOutlined />}>{t('courses.labs')}</Button>
          </Link>
        </div>
      </section>
    </PageFrame>
  );
}
