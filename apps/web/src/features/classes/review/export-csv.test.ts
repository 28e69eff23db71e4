import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadReviewCsv } from './export-csv.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function stubPage() {
  const link = { href: '', download: '', click: vi.fn(), remove: vi.fn() };
  vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  return link;
}

describe('review CSV export', () => {
  it('asks with the session and the filters, and saves the file under the server’s name', async () => {
    vi.useFakeTimers();
    const link = stubPage();
    const fetch = vi.fn(
      async () =>
        new Response('\uFEFFa,b\r\n', {
          headers: { 'content-disposition': `attachment; filename*=UTF-8''7A-ai-use.csv` },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await downloadReviewCsv('c1', { lab: 'aiChat', flaggedOnly: true }, 'uid-1');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/classes/c1/ai-use.csv?lab=aiChat&flagged=true');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer uid-1');
    expect(link.download).toBe('7A-ai-use.csv');
    expect(link.href).toBe('blob:csv');
    expect(link.click).toHaveBeenCalledOnce();
  });

  it('fails with the server’s message, saving nothing', async () => {
    const link = stubPage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: -1, message: 'not your class' }, { status: 403 })),
    );
    await expect(downloadReviewCsv('c1', {}, null)).rejects.toThrow('not your class');
    expect(link.click).not.toHaveBeenCalled();
  });
});
