import { TinyVsBigTable } from '../../../components/tiny-vs-big-table.tsx';
import type { PainterInfo } from './protocol.ts';
import { usePainterTexts } from './use-painter-texts.ts';

/** The tiny painter beside a big painting model, in figures: what makes the difference. */
export function BiggerPainters({ info }: { info: PainterInfo }) {
  const { t, language } = usePainterTexts();
  return (
    <TinyVsBigTable
      t={t}
      parameters={info.parameters}
      data={{ count: info.trainingPictures.toLocaleString(language) }}
      trainingMinutes={info.trainingMinutes}
      last={{ key: 'words', what: t('bigger.words'), tiny: t('bigger.wordsTiny'), big: t('bigger.wordsBig') }}
      testId="painter-bigger"
    />
  );
}
