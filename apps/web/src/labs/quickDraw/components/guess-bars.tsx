/** The computer's top guesses as horizontal bars with their probabilities. */
import type { Guess } from '../game.ts';
import { keyName } from '../game.ts';
import { formatPercent, useTexts } from '../use-texts.ts';

export function GuessBars({
  guesses,
  count = 5,
  label,
}: {
  guesses: readonly Guess[];
  count?: number;
  label: string;
}) {
  const { t, lang } = useTexts();
  return (
    <ol className="qd-bars" aria-label={label}>
      {guesses.slice(0, count).map((guess, i) => {
        const name = keyName(guess.key, lang);
        const percent = formatPercent(guess.probability, lang);
        return (
          <li
            key={guess.key}
            className={i === 0 ? 'qd-bar qd-bar-best' : 'qd-bar'}
            aria-label={t('how.bar', { name, percent })}
          >
            <span className="qd-bar-name" aria-hidden>
              {name}
            </span>
            <span className="qd-bar-track" aria-hidden>
              <span
                className="qd-bar-fill"
                style={{ width: `${Math.max(guess.probability * 100, guess.probability > 0 ? 1 : 0)}%` }}
              />
            </span>
            <span className="qd-bar-value" aria-hidden>
              {percent}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
