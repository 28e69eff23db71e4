/**
 * The labelling tool: one image at a time (BoxCanvas), the class picker (keys 1–9), the list of this image's
 * boxes, navigation (N/P, arrows, filmstrip), zoom buttons, and the save state. Box edits go through a
 * BoxSaveQueue (debounced, kept until the server has them); leaving the page with unsaved edits warns.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Empty, Radio, Space, Tag, Tooltip, Typography } from 'antd';
import {
  DeleteOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
  ExpandOutlined,
} from '@ant-design/icons';
import type { TrainBox, TrainImage, TrainProject } from '@ai-edu/contract';
import { useUpdateImages } from '../../api/index.ts';
import { classColor } from '../draw.ts';
import { useDetTexts } from '../use-texts.ts';
import { BoxCanvas, type BoxCanvasHandle } from './box-canvas.tsx';
import { BoxSaveQueue, type SaveState } from './save-queue.ts';
import { actionForKey } from './shortcuts.ts';

/** How many thumbnails the filmstrip shows around the current image (1,000 images stay light). */
const STRIP_WINDOW = 40;

export interface LabellerProps {
  /** False while another tab is shown: the keys are then left alone. */
  active?: boolean;
  /** Deletes an image (asked first by the caller); absent when read-only. */
  onDeleteImage?: (image: TrainImage) => void;
  project: TrainProject;
  images: readonly TrainImage[];
  readOnly: boolean;
  /** The image to show first (e.g. a just-uploaded one). */
  focusImageId?: number | null;
  /** Reports the save queue so the page can warn before leaving the Data tab. */
  onSaveState?: (state: SaveState) => void;
}

export function Labeller({
  active = true,
  project,
  images,
  readOnly,
  focusImageId,
  onSaveState,
  onDeleteImage,
}: LabellerProps) {
  const { t } = useDetTexts();
  // mutateAsync is stable for the life of the component, so the queue can hold it.
  const { mutateAsync: saveUpdates } = useUpdateImages(project.id);
  const [index, setIndex] = useState(0);
  const [activeClass, setActiveClass] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [saveState, setSaveState] = useState<SaveState>({ status: 'saved', error: null, unsaved: 0 });
  const canvas = useRef<BoxCanvasHandle | null>(null);

  const [queue] = useState(
    () =>
      new BoxSaveQueue(
        async (updates) => {
          await saveUpdates(updates);
        },
        (state) => setSaveState(state),
      ),
  );
  useEffect(() => onSaveState?.(saveState), [saveState, onSaveState]);
  // Leaving the tool sends what is waiting at once.
  useEffect(
    () => () => {
      void queue.flush();
      queue.dispose();
    },
    [queue],
  );
  useEffect(() => {
    if (saveState.unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      void queue.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saveState.unsaved, queue]);

  // A new focus (e.g. a just-uploaded image) moves the tool to it, once.
  const [seenFocus, setSeenFocus] = useState<number | null | undefined>(undefined);
  if (focusImageId !== seenFocus) {
    const at = focusImageId == null ? -1 : images.findIndex((im) => im.id === focusImageId);
    if (focusImageId == null || at >= 0) {
      setSeenFocus(focusImageId);
      if (at >= 0) setIndex(at);
    }
  }

  const current = images[Math.min(index, images.length - 1)];
  const boxesOf = useCallback((im: TrainImage) => queue.pending(im.id) ?? im.boxes, [queue]);
  // saveState is read so the boxes shown follow the queue.
  const boxes: TrainBox[] = useMemo(
    () => (current ? boxesOf(current) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, boxesOf, saveState],
  );

  const setBoxes = useCallback(
    (next: TrainBox[]) => {
      if (!current || readOnly) return;
      queue.set(current.id, next);
    },
    [current, readOnly, queue],
  );

  const go = useCallback(
    (to: number) => {
      if (images.length === 0) return;
      setIndex(Math.max(0, Math.min(images.length - 1, to)));
      setSelected(null);
    },
    [images.length],
  );

  const deleteSelected = useCallback(() => {
    if (selected === null || readOnly) return;
    setBoxes(boxes.filter((_, i) => i !== selected));
    setSelected(null);
  }, [selected, readOnly, boxes, setBoxes]);

  const pickClass = useCallback(
    (classIndex: number) => {
      setActiveClass(classIndex);
      // With a box selected, the key also gives that box the class.
      if (selected !== null && boxes[selected] && !readOnly) {
        const name = project.classes[classIndex]!;
        if (boxes[selected].label !== name) {
          setBoxes(boxes.map((b, i) => (i === selected ? { ...b, label: name } : b)));
        }
      }
    },
    [selected, boxes, readOnly, project.classes, setBoxes],
  );

  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      // Keys typed into a dialog (rename…) are not ours.
      if (event.target instanceof Element && event.target.closest('.ant-modal')) return;
      const action = actionForKey(event, project.classes.length);
      if (!action) return;
      event.preventDefault();
      switch (action.type) {
        case 'class':
          pickClass(action.index);
          return;
        case 'next':
          go(index + 1);
          return;
        case 'previous':
          go(index - 1);
          return;
        case 'delete':
          deleteSelected();
          return;
        case 'deselect':
          setSelected(null);
          return;
        case 'zoomIn':
          canvas.current?.zoomIn();
          return;
        case 'zoomOut':
          canvas.current?.zoomOut();
          return;
        case 'fit':
          canvas.current?.fit();
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, project.classes.length, pickClass, go, index, deleteSelected]);

  if (!current) return <Empty description={t('data.empty')} />;

  const stripStart = Math.max(0, Math.min(index - STRIP_WINDOW / 2, images.length - STRIP_WINDOW));
  const strip = images.slice(stripStart, stripStart + STRIP_WINDOW);
  const safeClass = Math.min(activeClass, Math.max(0, project.classes.length - 1));

  return (
    <div data-testid="det-labeller">
      <Space wrap style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{t('labeller.activeClass')}</Typography.Text>
          {project.classes.length === 0 ? (
            <Typography.Text type="warning">{t('classes.none')}</Typography.Text>
          ) : (
            <Radio.Group
              value={safeClass}
              onChange={(e) => pickClass(e.target.value as number)}
              optionType="button"
              buttonStyle="solid"
              size="small"
            >
              {project.classes.map((name, i) => (
                <Radio.Button key={name} value={i} data-testid={`det-class-${i + 1}`}>
                  <span style={{ color: i === safeClass ? undefined : classColor(i) }}>
                    {i < 9 ? `${i + 1} ` : ''}
                    {name}
                  </span>
                </Radio.Button>
              ))}
            </Radio.Group>
          )}
        </Space>
        <SaveIndicator state={saveState} onRetry={() => void queue.flush()} readOnly={readOnly} />
      </Space>

      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 480px', minWidth: 280 }}>
          <BoxCanvas
            ref={canvas}
            imageUrl={current.url}
            width={current.width}
            height={current.height}
            boxes={boxes}
            classes={project.classes}
            activeClass={safeClass}
            selected={selected !== null && selected < boxes.length ? selected : null}
            onSelect={setSelected}
            onChange={setBoxes}
            readOnly={readOnly || project.classes.length === 0}
            label={t('labeller.canvas', { index: index + 1, total: images.length })}
          />
          <Space wrap style={{ marginTop: 8 }}>
            <Tooltip title={t('labeller.previous')}>
              <Button
                icon={<LeftOutlined />}
                onClick={() => go(index - 1)}
                disabled={index === 0}
                aria-label={t('labeller.previous')}
              />
            </Tooltip>
            <Typography.Text data-testid="det-position">
              {t('labeller.position', { index: index + 1, total: images.length })}
            </Typography.Text>
            <Tooltip title={t('labeller.next')}>
              <Button
                icon={<RightOutlined />}
                onClick={() => go(index + 1)}
                disabled={index >= images.length - 1}
                aria-label={t('labeller.next')}
              />
            </Tooltip>
            <Tooltip title={t('labeller.zoomIn')}>
              <Button
                icon={<ZoomInOutlined />}
                onClick={() => canvas.current?.zoomIn()}
                aria-label={t('labeller.zoomIn')}
              />
            </Tooltip>
            <Tooltip title={t('labeller.zoomOut')}>
              <Button
                icon={<ZoomOutOutlined />}
                onClick={() => canvas.current?.zoomOut()}
                aria-label={t('labeller.zoomOut')}
              />
            </Tooltip>
            <Tooltip title={t('labeller.fit')}>
              <Button
                icon={<ExpandOutlined />}
                onClick={() => canvas.current?.fit()}
                aria-label={t('labeller.fit')}
              />
            </Tooltip>
            {onDeleteImage && !readOnly && (
              <Tooltip title={t('data.deleteImage')}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('data.deleteImage')}
                  onClick={() => onDeleteImage(current)}
                />
              </Tooltip>
            )}
            <Tag>{t('labeller.split', { split: current.split ?? '—' })}</Tag>
            <Typography.Text type="secondary" data-testid="det-file-name">
              {current.fileName}
            </Typography.Text>
          </Space>
        </div>

        <div style={{ flex: '0 1 260px', minWidth: 220 }}>
          <Typography.Text strong>{t('labeller.boxes')}</Typography.Text>
          {boxes.length === 0 ? (
            <div>
              <Typography.Text type="secondary">{t('labeller.noBoxes')}</Typography.Text>
            </div>
          ) : (
            <ul data-testid="det-box-list" style={{ listStyle: 'none', padding: 0, margin: '4px 0' }}>
              {boxes.map((box, i) => (
                <li
                  key={i}
                  data-testid="det-box-item"
                  data-box={JSON.stringify(box)}
                  onClick={() => setSelected(i)}
                  style={{
                    cursor: 'pointer',
                    padding: '2px 6px',
                    borderRadius: 4,
                    background: i === selected ? '#e6f4ff' : undefined,
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                  }}
                >
                  <span>
                    <Badge color={classColor(project.classes.indexOf(box.label))} text={box.label} />{' '}
                    <Typography.Text type="secondary">
                      {Math.round(box.x)},{Math.round(box.y)} {Math.round(box.w)}×{Math.round(box.h)}
                    </Typography.Text>
                  </span>
                  {!readOnly && (
                    <Button
                      type="text"
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('labeller.deleteBox')}
                      onClick={(e) => {
                        e.stopPropagation();
                        setBoxes(boxes.filter((_, j) => j !== i));
                        setSelected(null);
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            {t('labeller.keys')}
          </Typography.Paragraph>
        </div>
      </div>

      <div
        data-testid="det-filmstrip"
        style={{ display: 'flex', gap: 4, overflowX: 'auto', padding: '8px 0', marginTop: 8 }}
      >
        {strip.map((im, i) => {
          const at = stripStart + i;
          const count = boxesOf(im).length;
          return (
            <button
              key={im.id}
              type="button"
              onClick={() => go(at)}
              title={`${im.fileName}${count ? ` · ${t('labeller.withBoxes')} (${count})` : ''}`}
              data-has-boxes={count > 0}
              style={{
                position: 'relative',
                flex: '0 0 auto',
                padding: 0,
                border: at === index ? '2px solid #1677ff' : '2px solid transparent',
                borderRadius: 4,
                background: 'none',
                cursor: 'pointer',
              }}
            >
              <img
                src={im.thumbUrl || im.url}
                alt={im.fileName}
                loading="lazy"
                style={{ width: 56, height: 56, objectFit: 'cover', display: 'block', borderRadius: 2 }}
              />
              {count > 0 && (
                <span
                  style={{
                    position: 'absolute',
                    right: 2,
                    bottom: 2,
                    background: '#52c41a',
                    color: '#fff',
                    fontSize: 10,
                    borderRadius: 8,
                    padding: '0 4px',
                  }}
                >
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function SaveIndicator({
  state,
  onRetry,
  readOnly,
}: {
  state: SaveState;
  onRetry: () => void;
  readOnly: boolean;
}) {
  const { t } = useDetTexts();
  if (readOnly) return null;
  if (state.status === 'error') {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="det-save-state"
        title={t('labeller.error', { message: state.error ?? '' })}
        action={
          <Button size="small" onClick={onRetry}>
            {t('labeller.retry')}
          </Button>
        }
      />
    );
  }
  const color = state.status === 'saved' ? 'success' : state.status === 'saving' ? 'processing' : 'warning';
  return (
    <Tag color={color} data-testid="det-save-state" data-status={state.status}>
      {t(`labeller.${state.status}`)}
    </Tag>
  );
}
