/** Pure OCR pre- and post-processing (PaddleOCR PP-OCR models), shared by the browser engine and tests. */
export * from './geometry.ts';
export * from './detection.ts';
export * from './recognition.ts';
export * from './accuracy.ts';
