/**
 * The repair tools: mark the damage (brush, eraser, undo, or "find scratches"), choose how OpenCV fills it
 * (Telea or Navier–Stokes, and how far around each pixel it looks), repair, or try both methods side by side.
 */
import { Alert, Button, Radio, Segmented, Slider, Space, Typography } from 'antd';
import { ClearOutlined, ScanOutlined, UndoOutlined } from '@ant-design/icons';
import type { InpaintMethod } from '../opencv-protocol.ts';
import { useTexts } from '../use-texts.ts';

export interface RepairSettings {
  brush: number;
  erase: boolean;
  sensitivity: number;
  method: InpaintMethod;
  radius: number;
}

export interface RepairPanelProps {
  settings: RepairSettings;
  onSettings: (next: RepairSettings) => void;
  markedPixels: number;
  totalPixels: number;
  canUndoMask: boolean;
  onFind: () => void;
  onUndoMask: () => void;
  onClearMask: () => void;
  onRepair: () => void;
  onTryBoth: () => void;
  busy: boolean;
  /** A repair is running (the button shows it). */
  repairing: boolean;
  /** OpenCV is still loading (or failed): repairing waits for it. */
  ready: boolean;
}

/** Sensitivity 1–10 → how much a thin mark must stand out, in brightness levels (10: the faintest marks). */
export function thresholdOf(sensitivity: number): number {
  return Math.round(66 - sensitivity * 5);
}

export function RepairPanel(props: RepairPanelProps) {
  const { t } = useTexts();
  const { settings, onSettings } = props;
  const set = (patch: Partial<RepairSettings>) => onSettings({ ...settings, ...patch });
  const share = props.totalPixels ? (props.markedPixels / props.totalPixels) * 100 : 0;
  return (
    <div className="fix-panel">
      <Typography.Paragraph>{t('repair.intro')}</Typography.Paragraph>
      <Space wrap>
        <Button icon={<ScanOutlined />} onClick={props.onFind} disabled={props.busy}>
          {t('repair.find')}
        </Button>
        <span>{t('repair.sensitivity')}</span>
        <Slider
          className="fix-slider-short"
          min={1}
          max={10}
          value={settings.sensitivity}
          onChange={(sensitivity) => set({ sensitivity })}
          aria-label={t('repair.sensitivity')}
        />
      </Space>
      <Space wrap className="fix-row">
        <Segmented
          value={settings.erase ? 'erase' : 'brush'}
          onChange={(value) => set({ erase: value === 'erase' })}
          options={[
            { value: 'brush', label: t('repair.brush') },
            { value: 'erase', label: t('repair.eraser') },
          ]}
        />
        <span>{t('repair.brushSize')}</span>
        <Slider
          className="fix-slider-short"
          min={2}
          max={40}
          value={settings.brush}
          onChange={(brush) => set({ brush })}
          aria-label={t('repair.brushSize')}
        />
        <Button icon={<UndoOutlined />} onClick={props.onUndoMask} disabled={!props.canUndoMask}>
          {t('repair.undo')}
        </Button>
        <Button icon={<ClearOutlined />} onClick={props.onClearMask} disabled={!props.markedPixels}>
          {t('repair.clear')}
        </Button>
      </Space>
      <Typography.Text type="secondary" data-testid="fix-mask-count">
        {t('repair.marked', { count: props.markedPixels, share: share.toFixed(1) })}
      </Typography.Text>
      <div className="fix-row">
        <Typography.Text strong>{t('repair.method')}</Typography.Text>
        <Radio.Group
          value={settings.method}
          onChange={(event) => set({ method: event.target.value as InpaintMethod })}
          className="fix-methods"
        >
          <Radio value="telea">{t('repair.telea')}</Radio>
          <Radio value="ns">{t('repair.ns')}</Radio>
        </Radio.Group>
        <Typography.Paragraph type="secondary">
          {settings.method === 'telea' ? t('repair.teleaHint') : t('repair.nsHint')}
        </Typography.Paragraph>
        <Space wrap>
          <span>{t('repair.radius')}</span>
          <Slider
            className="fix-slider-short"
            min={1}
            max={10}
            value={settings.radius}
            onChange={(radius) => set({ radius })}
            aria-label={t('repair.radius')}
          />
        </Space>
      </div>
      {!props.markedPixels && <Alert type="info" showIcon message={t('repair.nothingMarked')} />}
      <Space wrap className="fix-row">
        <Button
          type="primary"
          onClick={props.onRepair}
          disabled={!props.markedPixels || !props.ready}
          loading={props.repairing}
          data-testid="fix-repair-run"
        >
          {t('repair.run')}
        </Button>
        <Button onClick={props.onTryBoth} disabled={!props.markedPixels || !props.ready || props.busy}>
          {t('repair.tryBoth')}
        </Button>
      </Space>
    </div>
  );
}
