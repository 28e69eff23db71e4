/** One colour per class in the trainer labs, in order (readable on white, distinct for common colour blindness where possible). */
export const CLASS_COLORS = [
  '#4f5bff',
  '#f5730b',
  '#14a37f',
  '#d6336c',
  '#7b4dff',
  '#0a8fc2',
  '#b7791f',
  '#5c7080',
  '#2f9e44',
  '#c92a2a',
] as const;

export const classColor = (index: number): string => CLASS_COLORS[index % CLASS_COLORS.length] ?? '#4f5bff';
