/** The school's rules for its classes' AI use: the blocked-word list and how long records are kept. */
import { useMemo, useState } from 'react';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Skeleton } from 'antd';
import { COCKPIT_LIMITS, type SchoolSettings } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { toast } from '../../../lib/toast.ts';
import { useSchoolSettingsTranslation } from './i18n.ts';
import { SchoolCodeSection } from './school-code-section.tsx';
import { parseWords, wordsProblem, wordsText } from './words.ts';

export const SCHOOL_SETTINGS_KEY = ['school', 'settings'] as const;

/** What a school that never saved its settings has (the server answers the same defaults). */
const DEFAULTS: SchoolSettings = { blockedWords: [], retentionDays: COCKPIT_LIMITS.retentionDaysDefault };

export function SchoolSettingsPanel() {
  const settings = useQuery({
    queryKey: SCHOOL_SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      (await call<SchoolSettings | null>('/api/school/settings', { signal })) ?? DEFAULTS,
  });
  if (!settings.data) return <Skeleton active loading={settings.isPending} />;
  // Keyed by the saved state, so the form starts again from what the server kept after a save.
  return (
    <>
      <SchoolCodeSection />
      <SettingsForm saved={settings.data} key={JSON.stringify(settings.data)} />
    </>
  );
}

function SettingsForm({ saved }: { saved: SchoolSettings }) {
  const { t } = useSchoolSettingsTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => wordsText(saved.blockedWords));
  const [retention, setRetention] = useState<number | null>(saved.retentionDays);
  const [busy, setBusy] = useState(false);
  const words = useMemo(() => parseWords(text), [text]);
  const problem = wordsProblem(words);
  const max = COCKPIT_LIMITS.blockedWordsMax;

  async function save() {
    setBusy(true);
    try {
      await call('/api/school/settings', {
        method: 'PUT',
        json: { blockedWords: words, retentionDays: retention ?? COCKPIT_LIMITS.retentionDaysDefault },
      });
      await queryClient.invalidateQueries({ queryKey: SCHOOL_SETTINGS_KEY });
      toast(t('saved'), 'success');
    } catch {
      // Shown by call().
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="school-settings">
      <section className="class-card">
        <h3>{t('wordsTitle')}</h3>
        <p className="class-muted">{t('wordsHelp')}</p>
        <label className="class-add-label" htmlFor="school-blocked-words">
          {t('wordsLabel')}
        </label>
        <Input.TextArea
          id="school-blocked-words"
          rows={8}
          value={text}
          status={problem ? 'error' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="class-muted school-words-count">{t('wordsCount', { count: words.length, max })}</div>
        {problem && (
          <Alert
            type="error"
            showIcon
            message={
              problem.kind === 'tooMany'
                ? t('tooMany', { count: problem.count, max })
                : t('tooLong', { word: problem.word, max: COCKPIT_LIMITS.blockedWordMaxLength })
            }
          />
        )}
      </section>
      <section className="class-card">
        <h3>{t('retentionTitle')}</h3>
        <p className="class-muted">
          {t('retentionHelp', { min: COCKPIT_LIMITS.retentionDaysMin, max: COCKPIT_LIMITS.retentionDaysMax })}
        </p>
        <label className="class-add-label" htmlFor="school-retention-days">
          {t('retentionLabel')}
        </label>
        <InputNumber
          id="school-retention-days"
          className="budget-number"
          min={COCKPIT_LIMITS.retentionDaysMin}
          max={COCKPIT_LIMITS.retentionDaysMax}
          precision={0}
          value={retention}
          onChange={(value) => setRetention(value)}
          suffix={t('days')}
        />
      </section>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={busy}
        disabled={problem !== null || retention === null}
        onClick={() => void save()}
      >
        {t('save')}
      </Button>
    </div>
  );
}
