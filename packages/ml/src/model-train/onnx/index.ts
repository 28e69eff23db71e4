/**
 * ONNX export of trained models (backbone + head in one file) and the Python snippet shown with it.
 * Pure TS (onnx-proto); runs in the training worker and in Node. See docs/model-training.md ("ONNX export").
 */
export {
  exportClassifierOnnx,
  exportDetectorOnnx,
  ONNX_INPUT_NAME,
  PREPROCESSING,
  type BackboneSource,
  type ClassifierExport,
  type DetectorExport,
} from './export.ts';
export { pythonSnippet, type PythonSnippetOptions } from './python.ts';
export { decodeGraphWeights, namedWeightsFromGraphModel, namedWeightsFromTensors } from './weights.ts';
export {
  addTfGraph,
  SUPPORTED_TF_OPS,
  tfGraphOps,
  tfGraphPath,
  type NamedWeight,
  type NamedWeights,
  type TfGraphNode,
  type TfGraphTopology,
} from './tf-graph.ts';
export { addLayersHead } from './tf-layers.ts';
export {
  decodeOnnxModel,
  onnxMetadata,
  OnnxGraphBuilder,
  ONNX_IR_VERSION,
  ONNX_OPSET,
  ONNX_PRODUCER,
} from './builder.ts';
