/**
 * Feature scaling for gradient descent. Raw data come in any units (hours 0–10, scores 0–100, sizes
 * 0–200 m²); the loss surface in raw units is a long, thin valley whose steepness depends on those units,
 * so no single learning rate suits every dataset. Mapping both axes of the plot onto 0–1 first
 * (min–max scaling by the plot's range) makes the valley round enough that one learning rate works for all.
 * The map is affine, so a line in scaled units is still a line in real units and converts back exactly.
 */
import type { Line, Point } from './linear.ts';

/** The visible ranges of both axes, in real units. */
export interface Domain {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

export interface Scaler {
  readonly domain: Domain;
  /** A real point to scaled units: x̃ = (x − xMin) / (xMax − xMin), likewise for y. */
  toScaled(p: Point): Point;
  /** A scaled point back to real units. */
  toReal(p: Point): Point;
  /** A real line y = w·x + b as the same line in scaled units: w̃ = w·sx/sy, b̃ = (w·xMin + b − yMin)/sy. */
  lineToScaled(line: Line): Line;
  /** A scaled line back to real units: w = w̃·sy/sx, b = yMin + sy·b̃ − w·xMin. */
  lineToReal(line: Line): Line;
  /** A scaled MSE in real units (squared y units): sy² times as large. */
  lossToReal(loss: number): number;
}

/** The min–max scaler of a domain. A range of zero width is treated as width 1 (no division by zero). */
export function domainScaler(domain: Domain): Scaler {
  const sx = domain.xMax - domain.xMin || 1;
  const sy = domain.yMax - domain.yMin || 1;
  const { xMin, yMin } = domain;
  return {
    domain,
    toScaled: (p) => ({ x: (p.x - xMin) / sx, y: (p.y - yMin) / sy }),
    toReal: (p) => ({ x: xMin + p.x * sx, y: yMin + p.y * sy }),
    lineToScaled: ({ w, b }) => ({ w: (w * sx) / sy, b: (w * xMin + b - yMin) / sy }),
    lineToReal: ({ w, b }) => {
      const wReal = (w * sy) / sx;
      return { w: wReal, b: yMin + sy * b - wReal * xMin };
    },
    lossToReal: (loss) => loss * sy * sy,
  };
}
