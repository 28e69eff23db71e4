/** Dates and numbers the way the console shows them, in the UI language. */
import { useMemo } from 'react';
import { useAdminTranslation } from './i18n.ts';

export function useFormatters() {
  const { language } = useAdminTranslation();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
    };
  }, [language]);
}

/** '+25' / '-10'. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** ISO time → the value of an `<input type="datetime-local">` in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of an `<input type="datetime-local">` (browser time zone) → ISO with offset, or '' when empty. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}
