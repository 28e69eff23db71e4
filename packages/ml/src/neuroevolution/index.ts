export * from './network.ts';
export * from './genetic.ts';
export * from './flappy-evolution.ts';
