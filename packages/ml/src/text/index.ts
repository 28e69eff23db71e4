/** Text classification: tokeniser, bag-of-n-gram features, softmax classifier, evaluation, project files. */
export * from './tokenize.ts';
export * from './features.ts';
export * from './classifier.ts';
export * from './evaluate.ts';
export * from './project.ts';
export * from './model-json.ts';
