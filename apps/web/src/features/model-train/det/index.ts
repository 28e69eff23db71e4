/** The detection page and its reusable pieces. */
export { DetPage } from './det-page.tsx';
export { Labeller } from './labeller/labeller.tsx';
export { BoxesPicture } from './evaluate-panel.tsx';
export { classColor, drawBoxes } from './draw.ts';
export * from './coco.ts';
export { readCocoZip, buildCocoZip, uploadItemsOf } from './coco-zip.ts';
