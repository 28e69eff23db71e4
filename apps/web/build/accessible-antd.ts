/**
 * Vite plugin: two accessibility defaults of antd's libraries that no prop or ConfigProvider setting reaches,
 * changed where their code is loaded (build, and the dev server's pre-bundled dependencies).
 *
 * - Icons (`@ant-design/icons`): every icon renders `<span role="img" aria-label="thunderbolt">`, so a
 *   button "⚡ 训练" is announced "thunderbolt 训练", and antd's own icons (a toast's "check-circle", a
 *   select's "down") add English words to a Chinese page. An icon is decoration beside its text: it is now
 *   `aria-hidden` unless the caller names it (`<CameraOutlined aria-label={t('lab.camera')} />` stays an image
 *   with that name). Icon-only buttons carry their own `aria-label`.
 * - Number inputs (`@rc-component/input-number`): the step arrows are `role="button"` spans labelled in
 *   English ("Increase Value") whatever antd's locale. They are mouse-only (not focusable) copies of what the
 *   input itself does with the arrow keys (it is a `spinbutton` with its value), so they are hidden from
 *   assistive technology, as other design systems do with steppers.
 *
 * Each rewrite must find the exact code it replaces: an upgrade that changes it fails the build (and the
 * unit test, `src/app/accessible-antd.test.ts`) instead of silently bringing the old labels back.
 */
import type { Plugin } from 'vite';

interface Rewrite {
  /** Which module (a path ending, with `/` separators). */
  file: RegExp;
  find: RegExp;
  replace: string;
}

/** The icon's default name, hidden unless the caller gives the icon an accessible name itself. */
const ICON_NAME = /role: "img",\s*"aria-label": icon\.name\s*\}, restProps/;
const ICON_DECORATIVE =
  'role: "img", "aria-hidden": restProps["aria-label"] || restProps["aria-labelledby"] ? undefined : true }, restProps';

/** The step arrows' fixed English labels. */
const STEP_LABEL = /"aria-label": isUpAction \? 'Increase Value' : 'Decrease Value',/;

export const REWRITES: readonly Rewrite[] = [
  {
    file: /@ant-design\/icons\/(es|lib)\/components\/AntdIcon(Light)?\.js$/,
    find: ICON_NAME,
    replace: ICON_DECORATIVE,
  },
  {
    file: /@rc-component\/input-number\/(es|lib)\/StepHandler\.js$/,
    find: STEP_LABEL,
    replace: '"aria-hidden": true,',
  },
];

/** The module's code with its rewrite applied, or null when no rewrite is about that module. */
export function rewriteModule(id: string, code: string): string | null {
  const file = id.split('?')[0]!.replaceAll('\\', '/');
  const rewrite = REWRITES.find((r) => r.file.test(file));
  if (!rewrite) return null;
  if (!rewrite.find.test(code)) {
    throw new Error(`accessible-antd: ${file} no longer has the code this build rewrites (${rewrite.find})`);
  }
  return code.replace(rewrite.find, rewrite.replace);
}

/** The plugin, for the build and for the dev server's dependency pre-bundling. */
export function accessibleAntd(): Plugin {
  return {
    name: 'accessible-antd',
    enforce: 'pre',
    transform(code, id) {
      const rewritten = rewriteModule(id, code);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
