import { TinyVsBigTable } from '../../../components/tiny-vs-big-table.tsx';
import type { PoetInfo } from './protocol.ts';
import { usePoetTexts } from './use-poet-texts.ts';

/** The tiny poet beside a big chat model, in figures: what makes the difference. */
export function BiggerModels({ info, charsPerPiece }: { info: PoetInfo; charsPerPiece: number }) {
  const { t } = usePoetTexts();
  return (
    <TinyVsBigTable
      t={t}
      parameters={info.parameters}
      data={{ count: info.trainPoems, chars: Math.round((info.trainPoems * charsPerPiece) / 1000) }}
      trainingMinutes={info.trainingMinutes ?? 60}
      last={{ key: 'chat', what: t('bigger.chat'), tiny: t('bigger.chatTiny'), big: t('bigger.chatBig') }}
      testId="poet-bigger"
    />
  );
}
