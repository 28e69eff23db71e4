import { Table } from 'antd';
import './tiny-vs-big-table.css';

export interface TinyVsBigRow {
  key: string;
  /** What is compared ("Numbers inside"). */
  what: string;
  tiny: string;
  big: string;
}

/** The lab's texts under `bigger.` that every comparison has. */
type TinyVsBigKey = `bigger.${
  'what' | 'tiny' | 'big' | 'note' | `${'parameters' | 'data' | 'training'}${'' | 'Tiny' | 'Big'}`}`;

interface TinyVsBigTableProps {
  t: (key: TinyVsBigKey, values?: Record<string, unknown>) => string;
  parameters: number;
  /** The values of `bigger.dataTiny` ("{{count}} doodles"). */
  data: Record<string, unknown>;
  trainingMinutes: number;
  /** The lab's own last row (what a big model can be asked, how it chats). */
  last: TinyVsBigRow;
  testId?: string;
}

/**
 * A generative lab's tiny model beside a big one, in figures (poet, painter): parameters, data, training
 * and the lab's own last row, then what both have in common.
 */
export function TinyVsBigTable({ t, parameters, data, trainingMinutes, last, testId }: TinyVsBigTableProps) {
  const rows: TinyVsBigRow[] = [
    {
      key: 'parameters',
      what: t('bigger.parameters'),
      tiny: t('bigger.parametersTiny', { count: (parameters / 1e6).toFixed(2) }),
      big: t('bigger.parametersBig'),
    },
    { key: 'data', what: t('bigger.data'), tiny: t('bigger.dataTiny', data), big: t('bigger.dataBig') },
    {
      key: 'training',
      what: t('bigger.training'),
      tiny: t('bigger.trainingTiny', { minutes: Math.round(trainingMinutes) }),
      big: t('bigger.trainingBig'),
    },
    last,
  ];
  return (
    <div className="tiny-vs-big" data-testid={testId}>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('bigger.what'), dataIndex: 'what', key: 'what' },
          { title: t('bigger.tiny'), dataIndex: 'tiny', key: 'tiny' },
          { title: t('bigger.big'), dataIndex: 'big', key: 'big' },
        ]}
      />
      <p className="tiny-vs-big-note">{t('bigger.note')}</p>
    </div>
  );
}
