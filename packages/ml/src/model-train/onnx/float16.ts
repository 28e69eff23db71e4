/**
 * IEEE half-precision helpers. The backbone's weights ship as float16 (TF.js dequantises them to float32),
 * so they are stored back as float16 in the ONNX file — exactly the same values at half the bytes.
 */

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The float16 bits of `value`, rounded to nearest even (overflow gives ±Infinity). */
export function toFloat16Bits(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0); // Inf / NaN
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // Subnormal half (or zero): shift the mantissa with its implicit 1 into place.
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let half = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rest > halfway || (rest === halfway && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half++; // may carry into the exponent: still right
  return sign | half;
}

/** The number that float16 bits stand for. */
export function fromFloat16Bits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >>> 10) & 0x1f;
  const mant = bits & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** The float16 bits of every value when each one converts without loss; otherwise undefined. */
export function exactFloat16(values: Float32Array): Uint16Array | undefined {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const bits = toFloat16Bits(values[i]!);
    if (
      fromFloat16Bits(bits) !== values[i] &&
      !(Number.isNaN(values[i]) && Number.isNaN(fromFloat16Bits(bits)))
    ) {
      return undefined;
    }
    out[i] = bits;
  }
  return out;
}
