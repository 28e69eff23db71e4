import { Progress, Tag } from 'antd';
import { doodleName } from '@ai-edu/ml/doodles/categories.ts';
import { percentText, type Guess } from '../predictions.ts';
import { useTexts } from '../use-texts.ts';

/** A guess's name in the page's language: a category's translation, or the taught label as typed. */
export function guessName(guess: Guess, language: string): string {
  return guess.kind === 'base' ? doodleName(guess.key as number, language) : String(guess.key);
}

interface GuessListProps {
  guesses: readonly Guess[];
}

/** The best guess in words, then the top five as bars with their percentages. */
export function GuessList({ guesses }: GuessListProps) {
  const { t, language } = useTexts();
  const [best] = guesses;
  if (!best) return null;
  return (
    <div className="wp-guesses">
      <p className="wp-answer-line">
        <span>{t('guesses.answer')}</span>{' '}
        <output className="wp-answer" data-kind={best.kind}>
          {guessName(best, language)}
        </output>
      </p>
      <ol className="wp-guess-list" aria-label={t('guesses.list')}>
        {guesses.map((guess) => {
          const name = guessName(guess, language);
          const percent = percentText(guess.share);
          return (
            <li
              key={`${guess.kind}:${guess.key}`}
              className="wp-guess"
              data-kind={guess.kind}
              aria-label={t('guesses.item', { name, percent })}
            >
              <span className="wp-guess-name">
                {name}
                {guess.kind === 'taught' && (
                  <Tag color="purple" variant="filled" className="wp-guess-tag">
                    {t('guesses.taught')}
                  </Tag>
                )}
              </span>
              <Progress
                percent={Math.round(guess.share * 100)}
                format={() => percent}
                strokeColor={guess.kind === 'taught' ? '#722ed1' : undefined}
                aria-hidden="true"
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
