/** The trainer core shared by the image, pose and hand trainers (no DOM, no React; TF.js passed in). */
export * from './dataset.ts';
export * from './metrics.ts';
export * from './classifier.ts';
export * from './serialize.ts';
export * from './keypoints.ts';
