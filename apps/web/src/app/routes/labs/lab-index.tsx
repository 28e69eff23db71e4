import { lazy, Suspense, useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAB_CATEGORIES, type LabCategory } from '@ai-edu/contract';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths } from '../../../config/paths.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { useCurrentUser } from '../../../features/auth/index.ts';
import {
  isLockedByLesson,
  LessonBanner,
  LessonLockAlert,
  readLessonLock,
  useRunningLesson,
} from '../../../features/classes/my-class/index.ts';
import { canOpenLab, filterLabs, findLab, LAB_REGISTRY } from '../../../labs/registry.ts';
import { LabCard } from './lab-card.tsx';
import { ALL_CATEGORIES_ICON, CATEGORY_VISUALS } from './lab-visuals.tsx';
import './labs.css';

type CategoryFilter = LabCategory | 'all';

/** Shown only when a search finds nothing, so its picture and styles load then. */
const Empty = lazy(() => import('antd/es/empty'));

function parseCategory(value: string | null): CategoryFilter {
  return LAB_CATEGORIES.find((c) => c === value) ?? 'all';
}

/** `/ailab`: every lab of the registry, searchable and filtered by category (kept in the URL to share). */
export default function LabIndex() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const category = parseCategory(params.get('category'));
  const location = useLocation();
  const navigate = useNavigate();
  // Sent back from a lab the lesson locks (lab page): says so until dismissed.
  const lockNotice = readLessonLock(location.state);
  const lesson = useRunningLesson();
  // The server's list already leaves out labs a lesson locks; the lesson is asked more often than the user info.
  const locked = (slug: string) => !canOpenLab(user?.labs, slug) || isLockedByLesson(lesson, slug);

  const update = (next: { q?: string; category?: CategoryFilter }) => {
    const merged = { q: next.q ?? query, category: next.category ?? category };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.category !== 'all') search.set('category', merged.category);
    // Rendered at once, not in the router's usual transition: the box shows the URL's text, and a click right
    // after typing must merge with the new text, not bring the old one back (a lost search seen in CI).
    setParams(search, { replace: true, flushSync: true });
  };

  const visible = useMemo(
    () => filterLabs(LAB_REGISTRY, query, category, (lab) => `${t(lab.titleKey)} ${t(lab.descriptionKey)}`),
    [query, category, t],
  );

  return (
    <PageFrame hideBack className="lab-index">
      {lockNotice && (
        <Suspense fallback={null}>
          <LessonLockAlert
            open={lesson?.labs ?? lockNotice.open}
            onClose={() => void navigate({ search: location.search }, { replace: true, state: null })}
          />
        </Suspense>
      )}
      {lesson && (
        <LessonBanner lesson={lesson}>
          <div className="lab-grid">
            {lesson.labs.flatMap((slug) => {
              const lab = findLab(slug);
              return lab ? [<LabCard key={slug} lab={lab} locked={locked(slug)} />] : [];
            })}
          </div>
        </LessonBanner>
      )}
      <section className="lab-index-hero">
        <div>
          <h1>{t('lab.indexTitle')}</h1>
          <p>{t('lab.indexSubtitle')}</p>
          <Link className="lab-index-train-link" to={paths.modelTrain}>
            {t('lab.modelTrainLink')} →
          </Link>
        </div>
        <SearchField
          className="lab-index-search"
          placeholder={t('lab.searchPlaceholder')}
          value={query}
          onChange={(q) => update({ q })}
        />
      </section>
      <div className="lab-index-filters">
        <ChoiceButtons<CategoryFilter>
          aria-label={t('lab.categoryFilter')}
          value={category}
          onChange={(value) => update({ category: value })}
          options={[
            { value: 'all', label: t('lab.allCategories'), icon: ALL_CATEGORIES_ICON },
            ...LAB_CATEGORIES.map((c) => ({
              value: c,
              label: t(`labCategories.${c}`),
              icon: CATEGORY_VISUALS[c].icon,
            })),
          ]}
        />
        <span className="lab-index-count">{t('lab.count', { count: visible.length })}</span>
      </div>
      {visible.length === 0 ? (
        <Suspense fallback={<p className="lab-index-empty">{t('lab.noMatch')}</p>}>
          <Empty className="lab-index-empty" description={t('lab.noMatch')} />
        </Suspense>
      ) : (
        <div className="lab-grid">
          {visible.map((lab) => (
            <LabCard key={lab.slug} lab={lab} locked={locked(lab.slug)} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
