/** ONNX models on /modelTrain: upload, list, evaluate in the browser. */
export { OnnxModelsSection } from './OnnxModelsSection.tsx';
export { evaluateOnnxModel, type OnnxEvalResult } from './evaluate.ts';
