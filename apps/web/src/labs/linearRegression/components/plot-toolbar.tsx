import { memo, type Dispatch } from 'react';
import { Button, Select, Switch } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import type { LabT } from '../i18n.ts';
import { PRESETS, type PresetId } from '../meta.ts';
import type { Action } from '../model.ts';

export interface PlotToolbarProps {
  t: LabT;
  preset: PresetId;
  count: number;
  showResiduals: boolean;
  onShowResiduals: (show: boolean) => void;
  dispatch: Dispatch<Action>;
}

/** Dataset picker, 'clear' and the errors switch. Memoised: it does not change while the descent runs. */
export const PlotToolbar = memo(function PlotToolbar(props: PlotToolbarProps) {
  const { t, dispatch } = props;
  return (
    <div className="lr-toolbar">
      <label className="lr-field">
        <span className="lr-field-label">{t('presets.label')}</span>
        <Select
          className="lr-preset-select"
          value={props.preset}
          onChange={(id) => dispatch({ type: 'preset', id })}
          options={PRESETS.map((p) => ({ value: p.id, label: t(`presets.${p.id}`) }))}
          popupMatchSelectWidth={false}
          data-testid="lr-preset"
        />
      </label>
      <Button
        icon={<ClearOutlined />}
        onClick={() => dispatch({ type: 'clear' })}
        disabled={props.count === 0}
      >
        {t('plot.clear')}
      </Button>
      <span className="lr-toolbar-spacer" />
      <label className="lr-switch">
        <Switch size="small" checked={props.showResiduals} onChange={props.onShowResiduals} />
        <span>{t('plot.residuals')}</span>
      </label>
    </div>
  );
});
