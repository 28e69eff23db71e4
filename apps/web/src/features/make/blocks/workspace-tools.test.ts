/** The workspace tools' theme: the studio's own block colours get darker shades that white text reads on. */
import { describe, expect, it } from 'vitest';
import { STAGE_COLOURS } from './stage-colours.ts';
import { AI_COLOUR, MODEL_COLOUR } from './toolbox.ts';
import { HIGH_CONTRAST_COLOURS, studioTheme } from './workspace-tools.ts';

/** WCAG's relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('the high-contrast theme', () => {
  it('has a darker shade of every colour the studio’s own blocks use, readable in white', () => {
    for (const colour of [...Object.values(STAGE_COLOURS), AI_COLOUR, MODEL_COLOUR]) {
      const dark = HIGH_CONTRAST_COLOURS[colour];
      expect(dark, colour).toBeDefined();
      expect(contrastWithWhite(dark!), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite(colour), colour).toBeLessThan(contrastWithWhite(dark!));
    }
  });

  it('draws those blocks in the darker shade and keeps the plugin’s styles for Blockly’s own', () => {
    const theme = studioTheme(true);
    expect(theme.blockStyles[`auto_${STAGE_COLOURS.motion.toLowerCase()}`]?.colourPrimary).toBe('#0B57D0');
    expect(theme.blockStyles.logic_blocks?.colourPrimary).toBe('#01579b');
    expect(studioTheme(false).name).toBe('classic');
    expect(studioTheme(false).blockStyles[`auto_${STAGE_COLOURS.motion.toLowerCase()}`]).toBeUndefined();
  });
});
