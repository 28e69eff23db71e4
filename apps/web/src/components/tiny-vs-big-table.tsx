import { Table } from 'antd';
import './tiny-vs-big-table.css';

export interface TinyVsBigRow {
  key: string;
  /** What is compared ("Numbers inside"). */
  what: string;
  tiny: string;
  big: string;
}

interface TinyVsBigTableProps {
  rows: TinyVsBigRow[];
  /** The three column headings: what is compared, our tiny model, the big one. */
  headings: { what: string; tiny: string; big: string };
  /** A closing line under the table: what both have in common. */
  note: string;
  testId?: string;
}

/** A generative lab's tiny model beside a big one, in figures: what makes the difference (poet, painter). */
export function TinyVsBigTable({ rows, headings, note, testId }: TinyVsBigTableProps) {
  return (
    <div className="tiny-vs-big" data-testid={testId}>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: headings.what, dataIndex: 'what', key: 'what' },
          { title: headings.tiny, dataIndex: 'tiny', key: 'tiny' },
          { title: headings.big, dataIndex: 'big', key: 'big' },
        ]}
      />
      <p className="tiny-vs-big-note">{note}</p>
    </div>
  );
}
