import { IMAGE_SIZES } from '@ai-edu/contract';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';
import { dimensionsOf, shapeOf, type ImageSize } from '../paint-logic.ts';

interface SizePickerProps {
  value: ImageSize;
  onChange: (size: ImageSize) => void;
  disabled?: boolean;
}

/** The sizes the provider takes, each drawn as a little frame of its own proportions. */
export function SizePicker({ value, onChange, disabled }: SizePickerProps) {
  const { t } = useLabTranslation('textToImage', texts);
  return (
    <fieldset className="paint-choice paint-sizes" disabled={disabled}>
      <legend className="paint-label">{t('size.label')}</legend>
      <div className="paint-size-grid">
        {IMAGE_SIZES.map((size) => {
          const { width, height } = dimensionsOf(size);
          const scale = 26 / Math.max(width, height) / (size === '512x512' ? 1.6 : 1);
          return (
            <label
              key={size}
              className={['paint-size', size === value ? 'paint-size-checked' : ''].join(' ')}
            >
              <input
                type="radio"
                name="paint-size"
                value={size}
                checked={size === value}
                onChange={() => onChange(size)}
                className="visually-hidden"
              />
              <span className="paint-size-shape-box" aria-hidden="true">
                <span
                  className="paint-size-shape"
                  style={{ width: Math.round(width * scale), height: Math.round(height * scale) }}
                />
              </span>
              <span className="paint-size-text">
                <span className="paint-size-name">{t(`size.${shapeOf(size)}`)}</span>
                <span className="paint-size-px">{size.replace('x', ' × ')}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
