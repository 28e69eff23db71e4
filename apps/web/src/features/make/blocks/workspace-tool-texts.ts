/**
 * The workspace tools' texts (blocks/workspace-tools.ts) as Blockly `Msg` keys, set with Blockly's catalogue
 * for the UI language (blocks/blockly-setup.ts) like the blocks' own texts. The toolbox search plugin writes
 * its texts in English only; these replace them (its "N matching blocks" announcement stays English: the
 * plugin gives no way in).
 */
import type { Language } from '@ai-edu/contract';

export const WORKSPACE_TOOL_TEXTS = {
  en: {
    MAKE_SEARCH_PLACEHOLDER: 'Search for blocks',
    MAKE_SEARCH_LABEL: 'Search for blocks by their words',
    MAKE_SEARCH_TYPE: 'Type to search for blocks',
    MAKE_SEARCH_NONE: 'No matching blocks found',
  },
  'zh-CN': {
    MAKE_SEARCH_PLACEHOLDER: '搜索积木',
    MAKE_SEARCH_LABEL: '按积木上的文字搜索积木',
    MAKE_SEARCH_TYPE: '输入文字来搜索积木',
    MAKE_SEARCH_NONE: '没有找到这样的积木',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The plugin's English flyout labels, and the key of the text shown instead. */
export const SEARCH_LABEL_KEYS: Readonly<Record<string, keyof (typeof WORKSPACE_TOOL_TEXTS)['en']>> = {
  'Type to search for blocks': 'MAKE_SEARCH_TYPE',
  'No matching blocks found': 'MAKE_SEARCH_NONE',
};
