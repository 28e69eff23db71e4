import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TinyVsBigTable } from './tiny-vs-big-table.tsx';

/** A `t` that shows its key and values, so the test reads what each cell asked for. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;

describe('TinyVsBigTable', () => {
  it('shows parameters in millions, the data and minutes of training, the lab’s own row and the note', () => {
    const html = renderToStaticMarkup(
      <TinyVsBigTable
        t={t}
        parameters={1_359_824}
        data={{ count: '3,200' }}
        trainingMinutes={48.3}
        last={{ key: 'words', what: 'What you can ask', tiny: 'one of 40 things', big: 'any sentence' }}
        testId="painter-bigger"
      />,
    );
    expect(html).toContain('bigger.parametersTiny {&quot;count&quot;:&quot;1.36&quot;}');
    expect(html).toContain('bigger.dataTiny {&quot;count&quot;:&quot;3,200&quot;}');
    expect(html).toContain('bigger.trainingTiny {&quot;minutes&quot;:48}');
    expect(html).toContain('one of 40 things');
    expect(html).toContain('bigger.note');
    expect(html.match(/<tr[\s>]/g)?.length).toBe(5); // the heading and four rows
  });
});
