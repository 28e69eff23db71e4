/**
 * The run's side of the project's pictures (loaded with the runner, runtime/on-demand.ts): at the start of a
 * run each picture of runtime/project-costumes.ts is read and decoded into the run's pictures map under its
 * `asset:<id>`, which the canvas draws like a painted costume (components/sprite-canvas.ts). A costume
 * block naming a picture the project no longer has (deleted, or a project opened elsewhere) shows the robot
 * and says so on the stage.
 */
import type { HostFunction } from '../runtime/program-runner.ts';
import { isAssetCostume, projectCostumes } from '../runtime/project-costumes.ts';
import type { SpriteWorld } from '../runtime/sprite-world.ts';
import type { CostumePicture } from '../components/sprite-canvas.ts';

async function readPicture(path: string, uid: string | null, signal: AbortSignal): Promise<CostumePicture> {
  const response = await fetch(path, { headers: uid ? { Authorization: `Bearer ${uid}` } : {}, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return createImageBitmap(await response.blob());
}

/** Puts the project's pictures into `pictures`; one that cannot be read is left out (the block then says so). */
export async function loadProjectPictures(
  pictures: Map<string, CostumePicture>,
  signal: AbortSignal,
): Promise<void> {
  const { pictures: listed, filePath, uid } = projectCostumes();
  await Promise.all(
    listed.map(async ({ id }) => {
      try {
        pictures.set(`asset:${id}`, await readPicture(filePath(id), uid, signal));
      } catch {
        // Missing or unreadable: the costume block falls back to the robot and prints why.
      }
    }),
  );
}

/** `spriteCostume(name)`: a project picture that is not loaded becomes the robot, with `missingText` printed. */
export function pictureCostumeHost(
  world: SpriteWorld,
  pictures: ReadonlyMap<string, CostumePicture>,
  print: (line: string) => void,
  missingText: string,
): HostFunction {
  return (name) => {
    const text = String(name);
    if (isAssetCostume(text) && !pictures.has(text)) {
      print(missingText);
      world.setCostume('robot');
      return;
    }
    world.setCostume(text);
  };
}
