/**
 * Model training core (issue 15): frozen backbone + small trainable heads for image classification and
 * object detection, their metrics, splits and generated datasets. Pure TS, TF.js passed in as `tf`.
 * Node-only helpers (backbone-node.ts, tf-node.ts) are not exported here: import them by path.
 */
export * from './backbone.ts';
export * from './control.ts';
export * from './preprocess.ts';
export * from './features.ts';
export * from './classify.ts';
export * from './metrics.ts';
export * from './split.ts';
export * from './shapes.ts';
export * from './detect.ts';
export * from './test-split-size.ts';
