/** The doodle network for the page: loading (with its download bar), ready, or failed with a retry. */
import { useCallback, useEffect, useState } from 'react';
import { doodleDownloads, loadDoodleModel, type DoodleModel } from '../../features/doodles/doodle-model.ts';

export type ModelState =
  { status: 'loading' } | { status: 'ready'; model: DoodleModel } | { status: 'error' };

export function useDoodleModel() {
  const [downloads, setDownloads] = useState(doodleDownloads);
  const [state, setState] = useState<ModelState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadDoodleModel(downloads).then(
      (model) => live && setState({ status: 'ready', model }),
      (error: unknown) => {
        console.error('doodle model load failed', error);
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [downloads]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setDownloads(doodleDownloads());
  }, []);

  return { state, downloads, retry };
}
