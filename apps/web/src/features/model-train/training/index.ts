/** The training feature's public pieces (the cls and det pages use them). */
export { createTrainingClient, WorkerTrainingClient } from './client.ts';
export type * from './types.ts';
export { toTrainingImages, splitCounts } from './images.ts';
export { useTrainingSession, type TrainingSession, type SessionStatus } from './use-training-session.ts';
export { TrainingPanel, ModelSummary } from './training-panel.tsx';
export { ExportPanel, fileStem } from './export-panel.tsx';
export { TryItPanel, ClassBars, type TryItResult } from './try-it-panel.tsx';
export { CurveChart, type CurveSeries } from './curve-chart.tsx';
export { TrainingProjectPage, projectIdParam } from './project-page.tsx';
