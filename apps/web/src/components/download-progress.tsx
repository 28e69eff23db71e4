/**
 * The bar a lab shows while its model files download: "12.3 / 28.4 MB" (or "12.3 MB" with no known total).
 * It appears only after a short wait, so files already in the browser's cache show nothing, and goes away
 * when the load is over.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatMegabytes,
  percentOf,
  type DownloadProgress as Progressed,
  type DownloadSource,
} from '../lib/download-progress.ts';
import { i18n } from '../lib/i18n.ts';
import './download-progress.css';

const NS = 'downloads';
const texts = {
  en: {
    label: 'Downloading the model',
    ofTotal: '{{received}} / {{total}} MB',
    received: '{{received}} MB',
  },
  'zh-CN': {
    label: '正在下载模型',
    ofTotal: '{{received}} / {{total}} MB',
    received: '已下载 {{received}} MB',
  },
} as const;

/** A load that is over within this long (a warm cache) never shows the bar. */
export const SHOW_AFTER_MS = 300;

// One snapshot object: useSyncExternalStore needs the same value back while nothing changed.
const NOTHING: Progressed = { received: 0, total: undefined, done: true };
const NEVER: DownloadSource = {
  snapshot: () => NOTHING,
  subscribe: () => () => undefined,
};

/** The current progress of a source (re-rendered on every counted chunk). */
export function useDownloadProgress(source: DownloadSource | null | undefined): Progressed {
  const from = source ?? NEVER;
  const subscribe = useCallback((listener: () => void) => from.subscribe(listener), [from]);
  return useSyncExternalStore(subscribe, () => from.snapshot());
}

type TextKey = keyof (typeof texts)['en'];
type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Texts registered on first use (namespace `downloads`), like the camera components' texts. */
function useTexts(): (key: TextKey, values?: Record<string, string>) => string {
  for (const [lang, bundle] of Object.entries(texts)) {
    if (!i18n.hasResourceBundle(lang, NS)) i18n.addResourceBundle(lang, NS, bundle, true, false);
  }
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return (key, values) => (instance.t as unknown as LooseT)(key, { ...values, ns: NS, lng: language });
}

export interface DownloadProgressProps {
  source: DownloadSource | null | undefined;
  className?: string;
}

export function DownloadProgress({ source, className }: DownloadProgressProps) {
  const t = useTexts();
  const progress = useDownloadProgress(source);
  const active = !progress.done && source != null;
  // Which source has been loading for SHOW_AFTER_MS (a load over sooner never shows the bar).
  const [shownFor, setShownFor] = useState<DownloadSource | null>(null);
  useEffect(() => {
    if (!active || !source) return;
    const timer = window.setTimeout(() => setShownFor(source), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [active, source]);
  if (!active || shownFor !== source) return null;

  const percent = percentOf(progress);
  const received = formatMegabytes(progress.received);
  const text =
    progress.total === undefined
      ? t('received', { received })
      : t('ofTotal', { received, total: formatMegabytes(progress.total) });
  return (
    <div
      className={['download-progress', className].filter(Boolean).join(' ')}
      role="status"
      aria-label={t('label')}
      data-testid="download-progress"
    >
      <span className="download-progress-label">{t('label')}</span>
      {/* With no total, a running bar without a number: only the MB received are known. */}
      <Progress percent={percent ?? 100} status="active" showInfo={false} size="small" aria-hidden="true" />
      <span className="download-progress-text" data-testid="download-progress-text">
        {text}
      </span>
    </div>
  );
}
