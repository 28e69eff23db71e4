/**
 * The block studio at /make (issue 26): a student opens a project file and runs it on the stage, stops an
 * endless loop while the page keeps answering, finds a changed project again after a reload, and is told when
 * a file is not a project. Project files are Blockly's own JSON serialisation, as any Blockly app saves it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MakeProject, MakeProjectList } from '@ai-edu/contract';
import { ROUTE_BUDGETS_GZIP_JS, routeSizes } from '../../scripts/route-sizes.ts';
import { createUser, type TestAccount } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { sessionUid } from '../support/model-train.ts';
import { signIn } from '../support/sign-in.ts';
import { eventually, navLink, pageHeading, settle, visible } from '../support/ui.ts';
import { forever, num, SIX_TIMES_SEVEN, txt, workspaceOf } from './workspaces.ts';

const e2e = setupE2E();
let student: TestAccount;

beforeAll(async () => {
  student = await createUser(e2e.dataDir, {
    account: 'make.student@example.com',
    password: 'Maker2pass',
    vip: 1,
  });
});

/** repeat while true: print "again" — never ends by itself. */
const FOREVER = workspaceOf(
  forever({ type: 'text_print', id: 'again', inputs: { TEXT: txt('word', 'again') } }, { x: 40, y: 40 }),
);

/** print(length of x) with x never set: the program fails in the print block, with a TypeError. */
const BROKEN = {
  blocks: {
    languageVersion: 0,
    blocks: [
      {
        type: 'text_print',
        id: 'broken-print',
        x: 40,
        y: 40,
        inputs: {
          TEXT: {
            block: {
              type: 'text_length',
              id: 'length',
              inputs: {
                VALUE: { block: { type: 'variables_get', id: 'get-x', fields: { VAR: { id: 'x' } } } },
              },
            },
          },
        },
      },
    ],
  },
  variables: [{ name: 'x', id: 'x' }],
};

const stageOutput = (page: Page) => page.getByRole('log', { name: 'What the program printed' });
const runState = (page: Page) => page.locator('.make-run-state');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const workspace = (page: Page) => page.getByRole('region', { name: 'Block workspace' });
/** The workspace's top-level blocks (each block's inner blocks are inside its group; the toolbox's are not). */
const topBlocks = (page: Page) =>
  workspace(page).locator('svg.blocklySvg > .blocklyWorkspace > .blocklyBlockCanvas > .blocklyDraggable');

async function openStudio(page: Page): Promise<void> {
  await signIn(page, student, { path: '/make' });
  await visible(pageHeading(page, 'Make'));
  await visible(navLink(page, 'Make'));
}

/** Chooses a file through the page's "Open a file" input, as the file dialog would. */
async function openFile(page: Page, name: string, content: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(content),
  });
}

async function expectProjectShown(page: Page, name: string, blocks: number): Promise<void> {
  await eventually(
    () => page.getByLabel('Project name').inputValue(),
    (value) => expect(value).toBe(name),
  );
  await visible(topBlocks(page));
  await eventually(
    () => topBlocks(page).count(),
    (count) => expect(count).toBe(blocks),
  );
}

async function api<T>(page: Page, path: string): Promise<T> {
  const uid = await sessionUid(page);
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${uid}`, Accept: 'application/json' },
  });
  const body = (await res.json()) as { status: number; data: T };
  expect(res.status).toBe(200);
  return body.data;
}

async function apiPost<T>(page: Page, path: string, json: Record<string, unknown>): Promise<T> {
  const uid = await sessionUid(page);
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${uid}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(json),
  });
  const body = (await res.json()) as { status: number; data: T };
  expect(res.status).toBe(200);
  return body.data;
}

async function printedLines(log: Locator): Promise<string[]> {
  return log.locator('li').allInnerTexts();
}

describe('block studio', () => {
  it('opens a project file and Run shows 6 × 7 = 42 on the stage', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    await openFile(page, 'times.json', JSON.stringify(SIX_TIMES_SEVEN));
    await expectProjectShown(page, 'times', 1);

    await button(page, 'Run').click();
    await visible(runState(page).getByText('Finished.'));
    expect(await printedLines(stageOutput(page))).toEqual(['42']);
    // The file became a project of the student's on the server.
    const { projects } = await api<MakeProjectList>(page, '/api/make/projects');
    expect(projects.map((p) => p.name)).toContain('times');
  });

  it('shows a run-time error on the block that caused it, in the student’s language', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    await openFile(page, 'broken.json', JSON.stringify(BROKEN));
    await expectProjectShown(page, 'broken', 1);

    await button(page, 'Run').click();
    await visible(runState(page).getByText('The program stopped with an error.'));
    // The warning bubble opens on the print block, and the stage side says it too.
    const explained = 'This block got a value it cannot use';
    await visible(workspace(page).getByText(explained, { exact: false }));
    await visible(page.locator('.make-side').getByText(explained, { exact: false }));
    expect(await printedLines(stageOutput(page))).toEqual([]);
  });

  it('keeps the page responsive during an endless loop, and Stop ends it', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    await openFile(page, 'forever.json', JSON.stringify(FOREVER));
    await expectProjectShown(page, 'forever', 1);
    // Fast: no pause after each block, so the loop takes every slice it is given.
    await button(page, 'Fast').click();

    await button(page, 'Run').click();
    await visible(runState(page).getByText('Running…'));
    await eventually(
      () => printedLines(stageOutput(page)),
      (lines) => expect(lines.length).toBeGreaterThan(10),
    );
    // The page still answers while the program runs: the project list opens, and the loop goes on printing.
    await button(page, 'Projects').click();
    await visible(page.getByRole('region', { name: 'My projects' }).getByText('forever', { exact: true }));
    expect(await runState(page).innerText()).toBe('Running…');
    // The running block is highlighted on the workspace.
    await visible(workspace(page).locator('.blocklyHighlighted'));

    await button(page, 'Stop').click();
    await visible(runState(page).getByText('Stopped.'));
    await eventually(
      () => workspace(page).locator('.blocklyHighlighted').count(),
      (count) => expect(count).toBe(0),
    );
    const stoppedAt = (await printedLines(stageOutput(page))).join('\n');
    expect(await button(page, 'Run').isEnabled()).toBe(true);
    // Nothing runs after Stop: the stage no longer changes.
    await settle(page);
    expect((await printedLines(stageOutput(page))).join('\n')).toBe(stoppedAt);
  });

  it('saves a renamed and changed project, which is there after a reload', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    await openFile(page, 'keep me.json', JSON.stringify(SIX_TIMES_SEVEN));
    await expectProjectShown(page, 'keep me', 1);

    // A new block dragged from the toolbox's Text category onto the workspace: autosave sends it.
    await page.getByRole('treeitem', { name: 'Text' }).click();
    const flyoutBlock = page.locator('.blocklyFlyout .blocklyDraggable').first();
    await visible(flyoutBlock);
    const from = (await flyoutBlock.boundingBox())!;
    const area = (await workspace(page).boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.6, { steps: 12 });
    await page.mouse.up();
    await eventually(
      () => topBlocks(page).count(),
      (count) => expect(count).toBe(2),
    );

    const name = page.getByLabel('Project name');
    await name.fill('Kept');
    await name.press('Enter');
    await visible(page.getByRole('status').getByText('Saved'));

    const { projects } = await api<MakeProjectList>(page, '/api/make/projects');
    const kept = projects.find((p) => p.name === 'Kept');
    expect(kept).toBeDefined();
    const stored = await api<MakeProject>(page, `/api/make/projects/${kept!.id}`);
    expect(stored.workspace.blocks?.blocks).toHaveLength(2);

    await page.reload();
    await visible(pageHeading(page, 'Make'));
    // The project changed last opens by itself, as it was.
    await expectProjectShown(page, 'Kept', 2);
  });

  it('downloads a project as a file that opens again, and restores a saved version', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    await openFile(page, 'round trip.json', JSON.stringify(SIX_TIMES_SEVEN));
    await expectProjectShown(page, 'round trip', 1);

    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download').click()]);
    expect(download.suggestedFilename()).toBe('round trip.json');
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ format: 'ai-edu-make-project', version: 2, name: 'round trip', assets: [] });
    expect(file.workspace).toMatchObject({ blocks: { blocks: [{ type: 'text_print', id: 'print-block' }] } });

    // Opened again, it is a second project (its name taken, it gets a number) that runs the same.
    await openFile(page, 'round trip.json', JSON.stringify(file));
    await expectProjectShown(page, 'round trip 2', 1);
    await button(page, 'Run').click();
    await visible(runState(page).getByText('Finished.'));
    expect(await printedLines(stageOutput(page))).toEqual(['42']);

    // The project's first version is listed; restoring it adds it again as the newest.
    await page.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('region', { name: 'Saved versions (the last 20)' });
    await visible(versions.getByRole('button', { name: /^Restore: saved / }));
    expect(await versions.getByRole('listitem').count()).toBe(1);
    await versions.getByRole('button', { name: /^Restore: saved / }).click();
    await eventually(
      () => versions.getByRole('listitem').count(),
      (count) => expect(count).toBe(2),
    );
    await expectProjectShown(page, 'round trip 2', 1);
  });

  it('says which blocks it lacks for a project saved elsewhere, and leaves that project as it was', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    // Saved by another Blockly app through the API: the server checks the outline, not the block types.
    const robot = {
      blocks: { languageVersion: 0, blocks: [{ type: 'robot_move', id: 'r', fields: { STEPS: 3 } }] },
    };
    const saved = await apiPost<MakeProject>(page, '/api/make/projects', { name: 'robot', workspace: robot });
    await page.reload();
    await visible(
      page.getByRole('alert').getByText('This project uses blocks this studio does not have: robot_move.'),
    );
    expect(await page.getByLabel('Project name').inputValue()).toBe('robot');
    expect((await api<MakeProject>(page, `/api/make/projects/${saved.id}`)).workspace).toEqual(robot);
  });

  it('duplicates a project from the list and deletes one after asking', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    await openFile(page, 'twins.json', JSON.stringify(SIX_TIMES_SEVEN));
    await expectProjectShown(page, 'twins', 1);

    await button(page, 'Projects').click();
    const list = page.getByRole('region', { name: 'My projects' });
    await list.getByRole('button', { name: 'Duplicate: twins', exact: true }).click();
    // The copy opens, with the same blocks.
    await expectProjectShown(page, 'twins (copy)', 1);

    await button(page, 'Projects').click();
    await list.getByRole('button', { name: 'Delete: twins', exact: true }).click();
    const ask = list.getByRole('alertdialog', { name: 'Delete “twins” and its versions?' });
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(list.getByText('twins (copy)', { exact: true }));
    await eventually(
      () => list.getByText('twins', { exact: true }).count(),
      (count) => expect(count).toBe(0),
    );
    const names = (await api<MakeProjectList>(page, '/api/make/projects')).projects.map((p) => p.name);
    expect(names).toContain('twins (copy)');
    expect(names).not.toContain('twins');
  });

  it('shows the blocks in Chinese after switching the language, and still runs them', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    await openFile(page, 'chinese.json', JSON.stringify(SIX_TIMES_SEVEN));
    await expectProjectShown(page, 'chinese', 1);
    await visible(workspace(page).getByText('print', { exact: true }));

    await page.getByRole('button', { name: '中文' }).click();
    await visible(pageHeading(page, '创作'));
    // Blockly's own zh-hans texts on the blocks, ours on the toolbox's categories.
    await visible(page.getByRole('treeitem', { name: '文本' }));
    await visible(page.getByRole('region', { name: '积木工作区' }).getByText('输出', { exact: true }));
    await button(page, '运行').click();
    await visible(runState(page).getByText('运行结束。'));
    expect(await printedLines(page.getByRole('log', { name: '程序输出的内容' }))).toEqual(['42']);
  });

  it('finds blocks by their words in the toolbox search, and keeps high-contrast blocks after a reload', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    const withMove = workspaceOf(...SIX_TIMES_SEVEN.blocks.blocks, {
      type: 'sprite_move',
      id: 'move',
      x: 40,
      y: 160,
      inputs: { STEPS: num('steps', 10) },
    });
    await openFile(page, 'tools.json', JSON.stringify(withMove));
    await expectProjectShown(page, 'tools', 2);

    // Typed key by key, as a student types: the flyout shows the blocks whose words match.
    const search = page.getByRole('searchbox', { name: 'Search for blocks by their words' });
    // The click lands on the toolbox's row around the field (Blockly's category), which focuses the field.
    await search.click({ force: true });
    await eventually(
      () => search.evaluate((field) => field === document.activeElement),
      (focused) => expect(focused).toBe(true),
    );
    await search.pressSequentially('repeat');
    const flyout = page.locator('.blocklyFlyout');
    await visible(flyout.getByText('repeat', { exact: true }).first());
    await search.fill('zzzz');
    await visible(flyout.getByText('No matching blocks found', { exact: true }));

    const theme = () => workspace(page).getAttribute('data-blocks-theme');
    // The studio's own motion block is drawn in its theme's colour: Scratch's blue, a darker one in high contrast.
    const moveColour = async () =>
      (await workspace(page).locator('[data-id="move"] > .blocklyPath').getAttribute('fill'))?.toLowerCase();
    expect(await theme()).toBe('classic');
    expect(await moveColour()).toBe('#4c97ff');
    const contrast = button(page, 'High-contrast blocks');
    expect(await contrast.getAttribute('aria-pressed')).toBe('false');
    await contrast.click();
    await eventually(theme, (name) => expect(name).toBe('make-highcontrast'));
    expect(await contrast.getAttribute('aria-pressed')).toBe('true');
    expect(await moveColour()).toBe('#0b57d0');

    // Remembered in this browser: the studio opens in it again.
    await page.reload();
    await expectProjectShown(page, 'tools', 2);
    await eventually(theme, (name) => expect(name).toBe('make-highcontrast'));
    expect(await button(page, 'High-contrast blocks').getAttribute('aria-pressed')).toBe('true');
    expect(await moveColour()).toBe('#0b57d0');
  });

  it('refuses a file that is not a project with a message, and makes no project of it', async () => {
    const page = await e2e.newPage();
    await openStudio(page);
    const before = (await api<MakeProjectList>(page, '/api/make/projects')).projects.length;

    await openFile(page, 'shopping.json', JSON.stringify({ name: 'shopping', items: ['milk', 'eggs'] }));
    await visible(
      page.getByRole('alert').getByText('This file is not a project: it has no Blockly blocks or variables', {
        exact: false,
      }),
    );
    await openFile(page, 'notes.json', 'milk, eggs, bread');
    await visible(page.getByRole('alert').getByText('This file is not a project: it is not JSON text.'));

    expect((await api<MakeProjectList>(page, '/api/make/projects')).projects).toHaveLength(before);
  });

  it('loads /make with at most 450 KB of gzipped JavaScript, Blockly included', () => {
    // The copy of the build this file's server serves (e2e/support/server.ts).
    const make = routeSizes(path.join(e2e.dataDir, 'web')).find((s) => s.route === '/make');
    const budget = ROUTE_BUDGETS_GZIP_JS['/make'];
    expect(budget).toBe(450 * 1024);
    expect(make, '/make is measured').toBeDefined();
    expect(make!.jsGzip, `${(make!.jsGzip / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(budget!);
  });
});
