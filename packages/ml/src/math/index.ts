export * from './rational.ts';
export * from './normalise.ts';
export * from './parse.ts';
export * from './mark.ts';
