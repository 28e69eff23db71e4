/** The neural-network playground's maths (no DOM): see network.ts for forward and back propagation. */
export * from './datasets.ts';
export * from './features.ts';
export * from './functions.ts';
export * from './heatmap.ts';
export * from './network.ts';
export * from './playground.ts';
export * from './settings.ts';
