/**
 * Linear regression for the lab: the model and its loss, gradient descent, the least-squares answer,
 * feature scaling, the loss surface with its contours, and seeded example data.
 */
export * from './linear.ts';
export * from './scaling.ts';
export * from './surface.ts';
export * from './datasets.ts';
