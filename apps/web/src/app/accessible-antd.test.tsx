/**
 * The build's rewrites of antd's icon and number-input code (build/accessible-antd.ts), checked on the
 * installed libraries: each rewrite still finds its code, and the rewritten component, rendered, no longer
 * puts English words (an icon's name, "Increase Value") into what a screen reader announces.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rewriteModule } from '../../build/accessible-antd.ts';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// Outside node_modules (ignored by git), so that Vitest transforms the copy as it does the library's modules.
const scratch = path.join(repoRoot, '.test-results/accessible-antd');

interface Installed {
  pkg: string;
  /** The module inside the package, e.g. `es/StepHandler.js`. */
  file: string;
  path: string;
}

/** The installed file of `pkg`, found through the package's folder. */
function installed(pkg: string, file: string): Installed {
  return { pkg, file, path: path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file) };
}

/** The rewritten module, loaded from a scratch copy whose relative imports name the package's modules. */
async function loadRewritten<T>(module: Installed): Promise<T> {
  const code = rewriteModule(module.path, readFileSync(module.path, 'utf8'));
  if (code === null) throw new Error(`no rewrite for ${module.path}`);
  const absolute = code.replace(/from "(\.\.?\/[^"]+)"/g, (_, relative: string) => {
    const inPackage = path.posix.join(path.posix.dirname(module.file), relative);
    return `from ${JSON.stringify(`${module.pkg}/${inPackage}`)}`;
  });
  mkdirSync(scratch, { recursive: true });
  const copy = path.join(scratch, module.file.replaceAll('/', '-'));
  writeFileSync(copy, absolute);
  return ((await import(/* @vite-ignore */ pathToFileURL(copy).href)) as { default: T }).default;
}

/** The names `html` gives by aria-label. */
const ariaLabels = (html: string) => [...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);
/** The icon's own element (its <svg> is always aria-hidden; the question is the <span> around it). */
const iconSpan = (html: string) => /<span[^>]*class="anticon[^>]*>/.exec(html)?.[0] ?? '';

describe('icons in the build', () => {
  const iconFiles = [
    installed('@ant-design/icons', 'es/components/AntdIconLight.js'),
    installed('@ant-design/icons', 'es/components/AntdIcon.js'),
  ];

  it('finds the code it rewrites in the installed icon components', () => {
    for (const file of iconFiles) {
      const code = rewriteModule(file.path, readFileSync(file.path, 'utf8'));
      expect(code).not.toMatch(/"aria-label": icon\.name/);
    }
  });

  it('hides an icon beside a text from screen readers instead of announcing its English name', async () => {
    const thunderbolt = (
      (await import('@ant-design/icons-svg/es/asn/ThunderboltOutlined')) as { default: { name: string } }
    ).default;
    for (const file of iconFiles) {
      const Icon = await loadRewritten<ComponentType<Record<string, unknown>>>(file);
      const html = renderToStaticMarkup(
        <button type="button">
          <Icon icon={thunderbolt} />
          训练
        </button>,
      );
      expect(ariaLabels(html)).toEqual([]);
      expect(iconSpan(html)).toContain('aria-hidden="true"');
      // An icon the caller names stays an image with that name.
      const named = renderToStaticMarkup(<Icon icon={thunderbolt} aria-label="相机" />);
      expect(ariaLabels(named)).toEqual(['相机']);
      expect(iconSpan(named)).toContain('role="img"');
      expect(iconSpan(named)).not.toContain('aria-hidden');
    }
  });
});

describe('number inputs in the build', () => {
  const stepFile = installed('@rc-component/input-number', 'es/StepHandler.js');

  it('has no English labels on the step arrows: they are hidden, the input is the spinbutton', async () => {
    const StepHandler = await loadRewritten<ComponentType<Record<string, unknown>>>(stepFile);
    for (const action of ['up', 'down']) {
      const html = renderToStaticMarkup(
        <StepHandler prefixCls="ant-input-number" action={action} onStep={() => {}} />,
      );
      expect(html).not.toMatch(/Increase Value|Decrease Value/);
      expect(html).toContain('aria-hidden="true"');
    }
  });

  it('stops the build when a library no longer has the code it rewrites', () => {
    expect(() => rewriteModule(stepFile.path, 'export default function StepHandler() {}')).toThrow(
      /no longer has/,
    );
    expect(rewriteModule('/x/node_modules/antd/es/button/index.js', 'code')).toBeNull();
  });
});
