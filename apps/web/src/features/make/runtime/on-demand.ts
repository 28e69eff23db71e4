/**
 * The studio's modules that the page does not need before it shows (docs/make-studio.md, "First load"): the
 * interpreter (JS-Interpreter, on the first Run), the project-file reader, the stage's blocks and drawing,
 * and the reply schemas (they bring zod). Each loads on first use, or when the browser is idle after the page shows.
 */
import { onDemand } from '../../../lib/on-demand.ts';
import { loadStageBlocks } from '../blocks/blockly-setup.ts';

/** The runner with the host functions and the page's devices they use (timers, sound): all needed only to run. */
export const loadRunner = onDemand(() =>
  Promise.all([
    import('./program-runner.ts'),
    import('../blocks/host-functions.ts'),
    import('../hooks/stage-devices.ts'),
    import('../models/model-refs.ts'),
    import('../models/model-host.ts'),
    import('../models/builtin-host.ts'),
    import('../models/builtin-sight.ts'),
    import('../models/drawing-host.ts'),
    import('../models/hearing.ts'),
    import('../models/hearing-host.ts'),
    // Loaded before any workspace was made: the cloud blocks' host and calls come from its chunk.
    import('../blocks/studio-blocks.ts'),
    import('../costumes/project-pictures.ts'),
    import('../robot/robot-host.ts'),
  ]).then(
    ([
      runner,
      hosts,
      devices,
      refs,
      modelHosts,
      builtinHosts,
      builtinNeeds,
      drawingHosts,
      hearing,
      hearingHosts,
      blocks,
      pictures,
      robotHosts,
    ]) => ({
      ...runner,
      ...hosts,
      ...devices,
      ...refs,
      ...modelHosts,
      ...builtinHosts,
      ...builtinNeeds,
      ...drawingHosts,
      ...hearing,
      ...hearingHosts,
      cloudHosts: blocks.cloudHosts,
      ...pictures,
      ...robotHosts,
    }),
  ),
);
/** The camera, the models, the built-in voice, the microphone and their texts: on the first run that uses one. */
export const loadModelRuntime = onDemand(() =>
  Promise.all([
    import('../models/model-session.ts'),
    import('../models/model-problems.ts'),
    import('../models/builtin-speech.ts'),
    import('../models/hearing-session.ts'),
    import('../models/text-model-host.ts'),
    import('../models/picture-model-host.ts'),
    loadStageDrawing(),
  ]).then(([session, problems, speech, hearing, textModels, pictureModels, drawing]) => ({
    ...session,
    ...problems,
    ...speech,
    ...hearing,
    ...textModels,
    ...pictureModels,
    costumeCanvas: drawing.costumeCanvas,
  })),
);
/** With the stage's and cloud blocks: a file is checked against the blocks Blockly knows, which must include them. */
export const loadProjectFiles = onDemand(() =>
  Promise.all([import('./project-file.ts'), import('../costumes/file-pictures.ts'), loadStageBlocks()]).then(
    ([files, pictures]) => ({ ...files, ...pictures }),
  ),
);
export const loadMakeSchemas = onDemand(() => import('../api/schemas.ts'));
/** The starter projects (for `/make?starter=<id>`): a chunk of their own, like the starter picker's. */
export const loadStarters = onDemand(() => import('../starters/available.ts'));
export const loadStageDrawing = onDemand(() => import('../components/sprite-canvas.ts'));

/** Everything above, for an idle moment after the page shows. */
export function preloadStudio(): Promise<unknown> {
  return Promise.all([loadRunner(), loadProjectFiles(), loadMakeSchemas(), loadStageDrawing()]);
}
/** The project a trainer's "Use in a program" opens, with the model library it reads. */
export const loadModelStarter = onDemand(() =>
  Promise.all([import('../models/model-starter.ts'), import('../../../lib/program-models.ts')]).then(
    ([starter, library]) => ({ ...starter, ...library }),
  ),
);
