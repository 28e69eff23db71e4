import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  CameraOutlined,
  FormatPainterOutlined,
  HighlightOutlined,
  PictureOutlined,
  SmileOutlined,
} from '@ant-design/icons';
import { IMAGE_STYLES, TINY_PAINTER_STYLE } from '@ai-edu/contract';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';

export type ImageStyle = (typeof IMAGE_STYLES)[number];

/** Each style's icon; its small preview is drawn in CSS (`.paint-style-<style>`), nothing is downloaded. */
const STYLE_ICONS: Record<ImageStyle, ReactNode> = {
  none: <PictureOutlined />,
  watercolor: <BgColorsOutlined />,
  ink: <HighlightOutlined />,
  cartoon: <SmileOutlined />,
  photo: <CameraOutlined />,
  pixel: <AppstoreOutlined />,
  oil: <FormatPainterOutlined />,
};

function isImageStyle(value: string): value is ImageStyle {
  return (IMAGE_STYLES as readonly string[]).includes(value);
}

/** A style's translated name; an unknown one (from an older server) as it is. */
export function useStyleName(): (style: string) => string {
  const { t } = useLabTranslation('textToImage', texts);
  return (style) =>
    isImageStyle(style) || style === 'sketch' || style === TINY_PAINTER_STYLE ? t(`style.${style}`) : style;
}

interface StylePickerProps {
  value: ImageStyle;
  onChange: (style: ImageStyle) => void;
  disabled?: boolean;
}

/** The style presets as tiles with a preview; native radios underneath keep the keyboard working. */
export function StylePicker({ value, onChange, disabled }: StylePickerProps) {
  const { t } = useLabTranslation('textToImage', texts);
  return (
    <fieldset className="paint-choice paint-styles" disabled={disabled}>
      <legend className="paint-label">{t('style.label')}</legend>
      <div className="paint-style-grid">
        {IMAGE_STYLES.map((style) => (
          <label
            key={style}
            className={['paint-style', style === value ? 'paint-style-checked' : ''].join(' ')}
          >
            <input
              type="radio"
              name="paint-style"
              value={style}
              checked={style === value}
              onChange={() => onChange(style)}
              className="visually-hidden"
            />
            <span className={`paint-style-preview paint-style-${style}`} aria-hidden="true">
              <span className="paint-style-icon">{STYLE_ICONS[style]}</span>
            </span>
            <span className="paint-style-name">{t(`style.${style}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
