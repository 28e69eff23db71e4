/** Evaluation views shared by the cls page (web-train), the ONNX evaluation and detection. */
export { ClsEvaluationView, type ClsEvaluationViewProps, type ClsMetrics } from './ClsEvaluationView.tsx';
export { DetMetricsView, type DetMetrics } from './DetMetricsView.tsx';
export { SmallTestSplitNotice } from './SmallTestSplitNotice.tsx';
export { imagesByCell, cellShade, type ClassPrediction } from './cells.ts';
