import type { Choice } from './protocol.ts';
import type { PoemChar } from './use-poet.ts';
import { percent, usePoetTexts } from './use-poet-texts.ts';

const SPACE_MARK = '␣';

export interface PoemViewProps {
  poem: readonly PoemChar[];
  selected: number | null;
  onSelect: (index: number) => void;
  /** Shading of each character, 0–1 (the attention from the selected one), when shown. */
  shade?: readonly number[];
}

/**
 * The poem so far: the student's characters plain, the poet's in colour, each of the poet's a button that
 * opens its choices and where it looked.
 */
export function PoemView({ poem, selected, onSelect, shade }: PoemViewProps) {
  const { t } = usePoetTexts();
  return (
    <p className="poet-poem" data-testid="poet-poem" aria-live="polite">
      {poem.map((c, i) => {
        const who = c.written ? t('poem.written') : t('poem.yours');
        const style = shade?.[i] !== undefined ? { '--poet-shade': shade[i] } : undefined;
        const className = [
          'poet-char',
          c.written ? 'poet-char-written' : 'poet-char-yours',
          selected === i ? 'poet-char-selected' : '',
          shade ? 'poet-char-shaded' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <button
            key={i}
            type="button"
            className={className}
            style={style as React.CSSProperties | undefined}
            aria-pressed={selected === i}
            aria-label={t('poem.charLabel', { n: i + 1, char: c.char, who })}
            onClick={() => onSelect(i)}
          >
            {c.char}
          </button>
        );
      })}
    </p>
  );
}

export interface ChoicesViewProps {
  choices: readonly Choice[] | undefined;
  title: string;
}

/** A step's five likeliest characters as bars with their probabilities; the one drawn marked. */
export function ChoicesView({ choices, title }: ChoicesViewProps) {
  const { t, language } = usePoetTexts();
  return (
    <section className="poet-choices" aria-label={title} data-testid="poet-choices">
      <h4>{title}</h4>
      {!choices?.length ? (
        <p className="poet-muted">{t('choices.none')}</p>
      ) : (
        <ol>
          {choices.map((choice, i) => {
            // The English poet's space would show as nothing: a visible mark instead.
            const label = choice.char === ' ' ? SPACE_MARK : choice.char || t('choices.endMark');
            const isDrawn = choice.drawn === true;
            return (
              <li key={i} className={isDrawn ? 'poet-choice-drawn' : undefined}>
                <span className="poet-choice-char">{label}</span>
                <span className="poet-choice-bar" aria-hidden="true">
                  <span style={{ width: `${Math.max(1, choice.p * 100)}%` }} />
                </span>
                <span className="poet-choice-p">{percent(choice.p, language)}</span>
                <span className="poet-choice-tag">{isDrawn ? t('choices.drawn') : ''}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
