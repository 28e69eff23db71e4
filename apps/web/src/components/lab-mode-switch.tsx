import { Segmented } from 'antd';
import type { LabMode } from '../lib/lab-mode.ts';

interface LabModeSwitchProps {
  mode: LabMode;
  onChange: (mode: LabMode) => void;
  /** What the switch chooses, for screen readers ("Which AI writes"). */
  label: string;
  cloud: string;
  tiny: string;
}

/** "Cloud AI / our tiny model": the switch of a generative lab's two modes (lib/lab-mode.ts). */
export function LabModeSwitch({ mode, onChange, label, cloud, tiny }: LabModeSwitchProps) {
  return (
    <Segmented<LabMode>
      className="lab-mode-switch"
      aria-label={label}
      value={mode}
      onChange={onChange}
      options={[
        { value: 'cloud', label: cloud },
        { value: 'tiny', label: tiny },
      ]}
    />
  );
}
