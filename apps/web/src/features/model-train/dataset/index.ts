/** The cls dataset panel and the pieces the det page reuses (thumb grid, uploader list, quota bar). */
export { ThumbGrid, THUMB_PAGE_SIZE, clampPage, type ThumbGridProps } from './ThumbGrid.tsx';
