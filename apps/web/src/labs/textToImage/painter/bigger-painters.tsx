import { TinyVsBigTable } from '../../../components/tiny-vs-big-table.tsx';
import type { PainterInfo } from './protocol.ts';
import { usePainterTexts } from './use-painter-texts.ts';

/** The tiny painter beside a big painting model, in figures: what makes the difference. */
export function BiggerPainters({ info }: { info: PainterInfo }) {
  const { t, language } = usePainterTexts();
  const rows = [
    {
      key: 'parameters',
      what: t('bigger.parameters'),
      tiny: t('bigger.parametersTiny', { count: (info.parameters / 1e6).toFixed(2) }),
      big: t('bigger.parametersBig'),
    },
    {
      key: 'data',
      what: t('bigger.data'),
      tiny: t('bigger.dataTiny', { count: info.trainingPictures.toLocaleString(language) }),
      big: t('bigger.dataBig'),
    },
    {
      key: 'training',
      what: t('bigger.training'),
      tiny: t('bigger.trainingTiny', { minutes: Math.round(info.trainingMinutes) }),
      big: t('bigger.trainingBig'),
    },
    { key: 'words', what: t('bigger.words'), tiny: t('bigger.wordsTiny'), big: t('bigger.wordsBig') },
  ];
  return (
    <TinyVsBigTable
      rows={rows}
      headings={{ what: t('bigger.what'), tiny: t('bigger.tiny'), big: t('bigger.big') }}
      note={t('bigger.note')}
      testId="painter-bigger"
    />
  );
}
