/**
 * The workspace's tools from Blockly's maintained plugins (docs/make-studio.md "Workspace tools"): the toolbox
 * search (@blockly/toolbox-search, the toolbox's `search` category) with our texts, and the high-contrast
 * theme (@blockly/theme-highcontrast) the studio's toolbar switches to. Zoom, zoom-to-fit, scrolling and
 * keyboard navigation are Blockly 13's core (block-workspace.tsx). Loaded with the blocks
 * (blocks/studio-blocks.ts), before the first workspace is made: the toolbox's `search` kind must be
 * registered by then.
 */
import * as Blockly from 'blockly/core';
import '@blockly/toolbox-search';
import highContrastTheme from '@blockly/theme-highcontrast';
import { AI_COLOUR, ROBOT_COLOUR } from './toolbox.ts';
import { STAGE_COLOURS } from './stage-colours.ts';
import { SEARCH_LABEL_KEYS } from './workspace-tool-texts.ts';

export { WORKSPACE_TOOL_TEXTS } from './workspace-tool-texts.ts';

const msg = (key: string): string => Blockly.Msg[key] ?? key;

/** The toolbox kind the plugin registers (it exports nothing: its class is found in Blockly's registry). */
const SEARCH_KIND = 'search';
const PluginSearchCategory = Blockly.registry.getClass(Blockly.registry.Type.TOOLBOX_ITEM, SEARCH_KIND);
if (!PluginSearchCategory) throw new Error('@blockly/toolbox-search did not register its category');

/** The plugin's search category in the student's language. */
class StudioSearchCategory extends (PluginSearchCategory as typeof Blockly.ToolboxCategory) {
  protected override createDom_(): HTMLDivElement {
    const dom = super.createDom_();
    const field = this.getFocusableElement();
    if (field instanceof HTMLInputElement) {
      field.placeholder = msg('MAKE_SEARCH_PLACEHOLDER');
      field.setAttribute('aria-label', msg('MAKE_SEARCH_LABEL'));
      // The plugin matches on keydown, before the key has changed the field, so the last letter typed, a
      // paste or the clear button would show the blocks of the text before: its own keydown listener matches
      // again once the text has changed.
      field.addEventListener('input', () => field.dispatchEvent(new KeyboardEvent('keydown')));
    }
    return dom;
  }

  override getContents(): Blockly.utils.toolbox.FlyoutItemInfoArray | string {
    const contents = super.getContents();
    if (typeof contents === 'string') return contents;
    return contents.map((item) => {
      const key = item.kind === 'label' && 'text' in item ? SEARCH_LABEL_KEYS[item.text] : undefined;
      return key ? { ...item, text: msg(key) } : item;
    });
  }
}

// Replaces the plugin's own registration of the `search` kind (made when it was imported above).
Blockly.registry.register(Blockly.registry.Type.TOOLBOX_ITEM, SEARCH_KIND, StudioSearchCategory, true);

/**
 * Darker shades of the studio's own block colours for the high-contrast theme: white text on each has a
 * contrast of at least 4.5:1 (WCAG AA; workspace-tools.test.ts), as the plugin's colours do for Blockly's own.
 */
export const HIGH_CONTRAST_COLOURS: Readonly<Record<string, string>> = {
  [STAGE_COLOURS.motion]: '#0B57D0',
  [STAGE_COLOURS.looks]: '#5B2FC9',
  [STAGE_COLOURS.sound]: '#8E2A8E',
  [STAGE_COLOURS.events]: '#7A5000',
  [STAGE_COLOURS.control]: '#7F4400',
  [STAGE_COLOURS.pen]: '#065C44',
  // The model blocks' colour (MODEL_COLOUR) is the cloud's teal: one shade serves both (the test checks it).
  [STAGE_COLOURS.cloud]: '#00695C',
  [AI_COLOUR]: '#2F3AB5',
  [ROBOT_COLOUR]: '#9A3A0E',
};

/**
 * The plugin's theme with the studio's blocks darkened too. The studio's blocks have fixed colours (not theme
 * styles), and Blockly draws a block of colour c with the style named `auto_<c>` (c as lower-case hex), made
 * from c unless the theme defines one of that name: these are the theme's styles for our colours.
 */
const studioHighContrast = Blockly.Theme.defineTheme('make-highcontrast', {
  name: 'make-highcontrast',
  base: highContrastTheme,
  blockStyles: Object.fromEntries(
    Object.entries(HIGH_CONTRAST_COLOURS).map(([colour, dark]) => [
      `auto_${colour.toLowerCase()}`,
      { colourPrimary: dark },
    ]),
  ),
});

/** The workspace's theme: Blockly's classic one, or the high-contrast plugin's with the studio's blocks. */
export function studioTheme(highContrast: boolean): Blockly.Theme {
  return highContrast ? studioHighContrast : Blockly.Themes.Classic;
}
