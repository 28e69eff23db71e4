/**
 * The Blockly workspace with the studio's toolbox. It reads its blocks once, when it mounts (the page gives it
 * a new `key` for another project or language, since Blockly's block texts are fixed when a workspace is
 * made), and reports every change as Blockly's JSON. The page drives it through `apiRef`: the program's code,
 * the running block's highlight, an error shown on its block.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Spin } from 'antd';
import type { Language, MakeWorkspace } from '@ai-edu/contract';
import { Blockly, loadBlockTexts, loadStageBlocks } from '../blocks/blockly-setup.ts';
import { studioToolbox, type CategoryNames } from '../blocks/toolbox.ts';
import { unknownBlockTypes } from '../runtime/block-types.ts';

/** Where Blockly finds its sprites and sounds: our own origin (apps/web/build/blockly.ts copies them). */
const BLOCKLY_MEDIA = '/blockly-media/';

export interface WorkspaceApi {
  code: () => string;
  save: () => MakeWorkspace;
  highlight: (blockId: string | null) => void;
  /** Shows `text` on the block (a warning icon with its bubble open), or clears every block's when null. */
  showError: (blockId: string | null, text: string | null) => void;
  /** Zooms and scrolls so that every block shows (Blockly's zoom-to-fit). */
  zoomToFit: () => void;
}

export interface BlockWorkspaceProps {
  language: Language;
  initial: MakeWorkspace;
  categoryNames: CategoryNames;
  label: string;
  loadingText: string;
  onChange: (workspace: MakeWorkspace) => void;
  apiRef: RefObject<WorkspaceApi | null>;
  /** Why the blocks could not be shown: blocks this studio lacks, or Blockly's own message. */
  describeLoadError: (problem: LoadProblem) => string;
  /** Someone else's project: no toolbox, no edits (it can still run). */
  readOnly?: boolean;
  /** Blockly's high-contrast theme instead of its classic one (the toolbar's switch; applied when it changes). */
  highContrast?: boolean;
}

export type LoadProblem = { kind: 'unknownBlocks'; types: string[] } | { kind: 'failed'; message: string };

export function BlockWorkspace({
  language,
  initial,
  categoryNames,
  label,
  loadingText,
  onChange,
  apiRef,
  describeLoadError,
  readOnly = false,
  highContrast = false,
}: BlockWorkspaceProps) {
  const host = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  // The theme to make the workspace with: the latest, as the switch may change while the blocks load.
  const highContrastRef = useRef(highContrast);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
    highContrastRef.current = highContrast;
  });
  // Read once: a later `initial` is the page echoing what this workspace reported.
  const start = useRef({ language, initial, categoryNames, readOnly });
  /** Sets the made workspace's theme (null until it is made); the theme it shows is `data-blocks-theme`. */
  const applyTheme = useRef<((highContrast: boolean) => void) | null>(null);
  const [themeName, setThemeName] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<LoadProblem | null>(null);

  useEffect(() => {
    const { language: lang, initial: blocks, categoryNames: names, readOnly: locked } = start.current;
    let workspace: Blockly.WorkspaceSvg | null = null;
    let disposed = false;
    let observer: ResizeObserver | null = null;

    void Promise.all([loadStageBlocks(), loadBlockTexts(lang)]).then(([studioBlocks]) => {
      const element = host.current;
      if (disposed || !element) return;
      // A project saved elsewhere may use blocks this studio lacks: say which, and show no half-loaded
      // workspace whose next change would autosave over the project.
      const unknown = unknownBlockTypes(blocks, (type) => type in Blockly.Blocks);
      if (unknown.length) return setProblem({ kind: 'unknownBlocks', types: unknown });
      const ws = Blockly.inject(element, {
        toolbox: studioToolbox(names, studioBlocks.CLOUD_TOOLBOX),
        readOnly: locked,
        media: BLOCKLY_MEDIA,
        trashcan: true,
        theme: studioBlocks.studioTheme(highContrastRef.current),
        // Blockly's core zoom (+, −, reset; the wheel zooms) and scrolling; zoom-to-fit is the page's button.
        zoom: { controls: true, wheel: true, startScale: 0.9, minScale: 0.3, maxScale: 3 },
        grid: { spacing: 24, length: 3, colour: '#e3e3e3', snap: true },
        move: { scrollbars: true, drag: true, wheel: false },
      });
      workspace = ws;
      studioBlocks.registerModelCategory(ws);
      // Loading is not a change: no events, so it does not autosave what was just read.
      Blockly.Events.disable();
      try {
        Blockly.serialization.workspaces.load(blocks, ws);
      } catch (error) {
        ws.dispose();
        workspace = null;
        return setProblem({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      } finally {
        Blockly.Events.enable();
      }
      ws.addChangeListener((event) => {
        if (event.isUiEvent || ws.isDragging()) return;
        onChangeRef.current(Blockly.serialization.workspaces.save(ws));
      });
      observer = new ResizeObserver(() => Blockly.svgResize(ws));
      observer.observe(element);

      applyTheme.current = (on) => {
        ws.setTheme(studioBlocks.studioTheme(on));
        setThemeName(ws.getTheme().name);
      };
      setThemeName(ws.getTheme().name);

      let warned: string[] = [];
      apiRef.current = {
        code: () => studioBlocks.programCode(ws),
        save: () => Blockly.serialization.workspaces.save(ws),
        highlight: (blockId) => ws.highlightBlock(blockId),
        showError: (blockId, text) => {
          for (const id of warned) ws.getBlockById(id)?.setWarningText(null);
          warned = [];
          const block = blockId ? ws.getBlockById(blockId) : null;
          if (!block || text === null) return;
          block.setWarningText(text);
          warned.push(block.id);
          void block.getIcon(Blockly.icons.IconType.WARNING)?.setBubbleVisible(true);
        },
        zoomToFit: () => ws.zoomToFit(),
      };
      setReady(true);
    });

    return () => {
      disposed = true;
      apiRef.current = null;
      applyTheme.current = null;
      observer?.disconnect();
      workspace?.dispose();
    };
  }, [apiRef]);

  useEffect(() => {
    // A switch after the workspace was made (before, it is made with the latest theme).
    applyTheme.current?.(highContrast);
  }, [highContrast]);

  return (
    <div className="make-workspace">
      {!ready && !problem && <Spin className="make-workspace-loading" tip={loadingText} size="large" />}
      {problem && (
        <p className="make-error make-workspace-problem" role="alert">
          {describeLoadError(problem)}
        </p>
      )}
      <div
        ref={host}
        className="make-workspace-host"
        role="region"
        aria-label={label}
        data-blocks-theme={themeName ?? undefined}
      />
    </div>
  );
}
