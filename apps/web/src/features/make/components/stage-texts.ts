/** The stage's texts from the studio's catalogue, with the sentence a screen reader hears about the sprite. */
import { useMemo } from 'react';
import { isAssetCostume } from '../runtime/project-costumes.ts';
import { isImageCostume, type Sprite } from '../runtime/sprite-world.ts';
import type { useMakeTexts } from '../use-texts.ts';
import type { StageTexts } from './stage.tsx';

type T = ReturnType<typeof useMakeTexts>['t'];

export function useStageTexts(t: T): StageTexts {
  return useMemo(
    () => ({
      label: t('stage'),
      outputLabel: t('stageOutput'),
      emptyText: t('stageEmpty'),
      spritesLabel: t('stageSprites'),
      answer: t('answer'),
      answerSend: t('answerSend'),
      describeSprite: (sprite: Sprite, penLines: number) => {
        const where = t('spriteSummary', {
          costume: t(
            `costumes.${isImageCostume(sprite.costume) || isAssetCostume(sprite.costume) ? 'picture' : sprite.costume}`,
          ),
          x: Math.round(sprite.x),
          y: Math.round(sprite.y),
          direction: Math.round(sprite.direction),
          hidden: sprite.visible ? '' : t('spriteHidden'),
        });
        const says = sprite.saying === null ? '' : ` ${t('spriteSays', { text: sprite.saying })}`;
        const drew = penLines === 0 ? '' : ` ${t('penLines', { lines: penLines })}`;
        return `${where}${says}${drew}`;
      },
    }),
    [t],
  );
}
