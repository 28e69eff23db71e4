import { Button, Segmented, Slider, Space, Tooltip } from 'antd';
import { ClearOutlined, DeleteOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import { useTexts } from '../use-texts.ts';

export type PadMode = 'pen' | 'erase';

/** Pen widths offered, in the pad's own pixels (it has 480 a side). */
export const PEN_WIDTHS = { min: 3, max: 30, initial: 10 } as const;

interface DrawingToolsProps {
  mode: PadMode;
  onMode: (mode: PadMode) => void;
  penWidth: number;
  onPenWidth: (width: number) => void;
  canUndo: boolean;
  onUndo: () => void;
  onClear: () => void;
}

/** Pen or eraser, the pen's size, undo (the last stroke) and clear. */
export function DrawingTools({
  mode,
  onMode,
  penWidth,
  onPenWidth,
  canUndo,
  onUndo,
  onClear,
}: DrawingToolsProps) {
  const { t } = useTexts();
  return (
    <div className="wp-tools" role="toolbar" aria-label={t('pad.tools')}>
      <Segmented<PadMode>
        value={mode}
        onChange={onMode}
        options={[
          { value: 'pen', label: t('pad.pen'), icon: <EditOutlined /> },
          {
            value: 'erase',
            label: (
              <Tooltip title={t('pad.eraserHint')}>
                <span>{t('pad.eraser')}</span>
              </Tooltip>
            ),
            icon: <ClearOutlined />,
          },
        ]}
      />
      <label className="wp-pen-size">
        <span>{t('pad.size')}</span>
        <Slider
          min={PEN_WIDTHS.min}
          max={PEN_WIDTHS.max}
          value={penWidth}
          onChange={onPenWidth}
          aria-label={t('pad.size')}
          className="wp-pen-slider"
        />
      </label>
      <Space>
        <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={onUndo}>
          {t('pad.undo')}
        </Button>
        <Button icon={<DeleteOutlined />} disabled={!canUndo} onClick={onClear}>
          {t('pad.clear')}
        </Button>
      </Space>
    </div>
  );
}
