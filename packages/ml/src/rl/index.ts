export * from './q-learning.ts';
export * from './episodes.ts';
export * from './grid-maze.ts';
