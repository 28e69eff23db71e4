/**
 * The student's models for the studio's Models category (this browser's model library), and the trainer a
 * button of the empty category opens. Read when the studio opens; a model kept later shows after a reload.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { programModelLabPath } from '../../../lib/program-model-labs.ts';
import { loadStageBlocks } from '../blocks/blockly-setup.ts';
import { loadModelStarter } from '../runtime/on-demand.ts';

export function useStudioModels(owner: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!owner) return;
    let live = true;
    void Promise.all([loadModelStarter(), loadStageBlocks()])
      .then(async ([library, blocks]) => {
        const models = await library.listProgramModels(owner);
        if (!live) return;
        blocks.setStudioModels(
          models.map((model) => ({ ...library.modelRefOf(model), input: model.input })),
          (lab) => void navigate(programModelLabPath(lab)),
        );
      })
      // No IndexedDB (a private window may refuse it): the category says how to make a model.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [owner, navigate]);
}
