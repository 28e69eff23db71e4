import { MAKE, MAKE_FILE_FORMAT } from '@ai-edu/contract';
import { describe, expect, it } from 'vitest';
import { downloadFileName, parseProjectFile, projectFileText, withNewPictureIds } from './project-file.ts';

/** What `Blockly.serialization.workspaces.save` writes for print(6 × 7). */
const blocklyWorkspace = {
  blocks: {
    languageVersion: 0,
    blocks: [
      {
        type: 'text_print',
        id: 'p',
        x: 10,
        y: 10,
        inputs: {
          TEXT: {
            block: {
              type: 'math_arithmetic',
              id: 'm',
              fields: { OP: 'MULTIPLY' },
              inputs: {
                A: { shadow: { type: 'math_number', id: 'a', fields: { NUM: 6 } } },
                B: { shadow: { type: 'math_number', id: 'b', fields: { NUM: 7 } } },
              },
            },
          },
        },
      },
    ],
  },
};

const parse = (text: string, fileName = 'times.json') => parseProjectFile(text, fileName, 'Untitled');

describe('parseProjectFile', () => {
  it('accepts a bare Blockly workspace, named after the file', () => {
    expect(parse(JSON.stringify(blocklyWorkspace), 'six times seven.json')).toEqual({
      ok: true,
      name: 'six times seven',
      workspace: blocklyWorkspace,
      pictures: [],
    });
    // Variables only (a workspace whose blocks were all deleted) is a workspace too.
    const onlyVariables = { variables: [{ name: 'score', id: 'v' }] };
    expect(parse(JSON.stringify(onlyVariables))).toMatchObject({ ok: true, workspace: onlyVariables });
  });

  it('reads back what Download writes, with its name and pictures', () => {
    const pictures = [{ id: 4, name: 'Kitty', data: 'data:image/png;base64,iVBORw0KGgo=' }];
    const text = projectFileText('My game', blocklyWorkspace, pictures);
    expect(JSON.parse(text)).toMatchObject({ format: MAKE_FILE_FORMAT, version: 2, name: 'My game' });
    expect(parse(text, 'renamed.json')).toEqual({
      ok: true,
      name: 'My game',
      workspace: blocklyWorkspace,
      pictures,
    });
  });

  it('still opens a version 1 file, which has no pictures', () => {
    const v1 = { format: MAKE_FILE_FORMAT, version: 1, name: 'Old one', workspace: blocklyWorkspace };
    expect(parse(JSON.stringify(v1))).toEqual({
      ok: true,
      name: 'Old one',
      workspace: blocklyWorkspace,
      pictures: [],
    });
  });

  it('refuses a file whose pictures are not image data URLs', () => {
    const file = (data: unknown) =>
      JSON.stringify({
        format: MAKE_FILE_FORMAT,
        version: 2,
        name: 'x',
        workspace: blocklyWorkspace,
        assets: [{ id: 1, name: 'p', data }],
      });
    expect(parse(file('data:text/html;base64,PGgxPg=='))).toEqual({ ok: false, reason: 'notProject' });
    expect(parse(file('https://example.com/cat.png'))).toEqual({ ok: false, reason: 'notProject' });
    expect(parse(file(7))).toEqual({ ok: false, reason: 'notProject' });
  });

  it('points the costume blocks at the pictures’ new ids, each once', () => {
    const workspace = {
      blocks: {
        languageVersion: 0,
        blocks: [
          { type: 'sprite_set_costume', id: 'a', fields: { COSTUME: 'asset:3' } },
          { type: 'sprite_set_costume', id: 'b', fields: { COSTUME: 'asset:5' } },
          { type: 'sprite_set_costume', id: 'c', fields: { COSTUME: 'asset:8' } },
        ],
      },
    };
    const moved = withNewPictureIds(
      workspace,
      new Map([
        [3, 5],
        [5, 9],
      ]),
    );
    expect(moved.blocks?.blocks.map((b) => (b.fields as { COSTUME: string }).COSTUME)).toEqual([
      'asset:5',
      'asset:9',
      'asset:8',
    ]);
  });

  it('refuses text that is not JSON', () => {
    expect(parse('hello, this is a poem')).toEqual({ ok: false, reason: 'notJson' });
    expect(parse('')).toEqual({ ok: false, reason: 'notJson' });
    expect(parse('\u0089PNG\r\n')).toEqual({ ok: false, reason: 'notJson' });
  });

  it('refuses JSON that is not a workspace', () => {
    for (const junk of [
      '42',
      'null',
      '"blocks"',
      '[{"type": "text_print"}]',
      '{}',
      '{"name": "a package.json", "version": "1.0.0"}',
      '{"blocks": "many"}',
      '{"blocks": {"languageVersion": 0, "blocks": [{"id": "no type"}]}}',
      '{"variables": [{"name": 3}]}',
      `{"format": "${MAKE_FILE_FORMAT}", "version": 1, "name": "x", "workspace": [1]}`,
    ]) {
      expect(parse(junk), junk).toEqual({ ok: false, reason: 'notProject' });
    }
  });

  it('refuses a workspace over 1 MB', () => {
    const big = {
      blocks: {
        languageVersion: 0,
        blocks: [{ type: 'text', fields: { TEXT: 'x'.repeat(MAKE.maxWorkspaceBytes) } }],
      },
    };
    expect(parse(JSON.stringify(big))).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('refuses a workspace nested too deeply to measure, without failing itself', () => {
    const deep = `{"blocks": {"languageVersion": 0, "blocks": [{"type": "text", "x": ${'['.repeat(10_000)}${']'.repeat(10_000)}}]}}`;
    expect(parse(deep)).toEqual({ ok: false, reason: 'tooDeep' });
  });

  it('names a download safely', () => {
    expect(downloadFileName('My game')).toBe('My game.json');
    expect(downloadFileName('a/b:c?')).toBe('a_b_c_.json');
    expect(downloadFileName('  ')).toBe('project.json');
  });
});
