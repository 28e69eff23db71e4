/**
 * A paged grid of image thumbnails: only one page of <img> elements exists at a time, so a project of
 * 1,000+ images renders as quickly as one of 60. Selection and a per-image badge (split, prediction) are
 * optional.
 */
import { Checkbox, Empty, Pagination } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { TrainImage } from '@ai-edu/contract';
import './dataset.css';

export const THUMB_PAGE_SIZE = 60;

export interface ThumbGridProps {
  images: readonly TrainImage[];
  /** Selected image ids (checkboxes shown when `onToggle` is given). */
  selected?: ReadonlySet<number>;
  onToggle?: (id: number, on: boolean) => void;
  onOpen?: (image: TrainImage) => void;
  /** A small tag under the thumbnail (split, predicted class…). */
  badge?: (image: TrainImage) => ReactNode;
  pageSize?: number;
  emptyText?: ReactNode;
}

/** The page that still exists after the list shrank (deleting the last images of the last page). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.max(1, Math.min(page, Math.ceil(total / pageSize)));
}

export function ThumbGrid({
  images,
  selected,
  onToggle,
  onOpen,
  badge,
  pageSize = THUMB_PAGE_SIZE,
  emptyText,
}: ThumbGridProps) {
  const [page, setPage] = useState(1);
  // Clamped at render: after a delete empties the last page, the grid shows the new last page.
  const current = clampPage(page, images.length, pageSize);
  const visible = useMemo(
    () => images.slice((current - 1) * pageSize, current * pageSize),
    [images, current, pageSize],
  );
  if (images.length === 0) return <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="mt-thumb-grid-wrap">
      <ul className="mt-thumb-grid">
        {visible.map((image) => (
          <li key={image.id} className="mt-thumb" data-image-id={image.id}>
            <button
              type="button"
              className="mt-thumb-image"
              onClick={() => onOpen?.(image)}
              disabled={!onOpen}
              aria-label={image.fileName}
            >
              <img src={image.thumbUrl} alt={image.fileName} loading="lazy" decoding="async" />
            </button>
            {(onToggle || badge) && (
              <div className="mt-thumb-foot">
                {onToggle && (
                  <Checkbox
                    checked={selected?.has(image.id) ?? false}
                    onChange={(e) => onToggle(image.id, e.target.checked)}
                    aria-label={image.fileName}
                  />
                )}
                {badge?.(image)}
              </div>
            )}
          </li>
        ))}
      </ul>
      {images.length > pageSize && (
        <Pagination
          size="small"
          current={current}
          pageSize={pageSize}
          total={images.length}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </div>
  );
}
