/**
 * Object detection: a small CenterNet-style head over a frozen backbone feature map (training comes next).
 * Decoding lives in decode.ts (no TF.js needed there, so the ONNX path imports it alone).
 */
export { decodeDetections, DET_DECODE, type DecodeInput, type Detection } from './decode.ts';
