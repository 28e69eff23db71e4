import { TinyVsBigTable } from '../../../components/tiny-vs-big-table.tsx';
import type { PoetInfo } from './protocol.ts';
import { usePoetTexts } from './use-poet-texts.ts';

/** The tiny poet beside a big chat model, in figures: what makes the difference. */
export function BiggerModels({ info, charsPerPiece }: { info: PoetInfo; charsPerPiece: number }) {
  const { t } = usePoetTexts();
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
      tiny: t('bigger.dataTiny', {
        count: info.trainPoems,
        chars: Math.round((info.trainPoems * charsPerPiece) / 1000),
      }),
      big: t('bigger.dataBig'),
    },
    {
      key: 'training',
      what: t('bigger.training'),
      tiny: t('bigger.trainingTiny', { minutes: Math.round(info.trainingMinutes ?? 60) }),
      big: t('bigger.trainingBig'),
    },
    { key: 'chat', what: t('bigger.chat'), tiny: t('bigger.chatTiny'), big: t('bigger.chatBig') },
  ];
  return (
    <TinyVsBigTable
      rows={rows}
      headings={{ what: t('bigger.what'), tiny: t('bigger.tiny'), big: t('bigger.big') }}
      note={t('bigger.note')}
      testId="poet-bigger"
    />
  );
}
