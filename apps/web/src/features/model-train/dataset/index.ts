/** The cls dataset panel and the pieces the det page reuses (thumb grid, upload progress, quota bar). */
export { ClsDatasetPanel, SplitTag, type ClsDatasetPanelProps } from './ClsDatasetPanel.tsx';
export { ThumbGrid, THUMB_PAGE_SIZE, clampPage, type ThumbGridProps } from './ThumbGrid.tsx';
export { UploadProgress } from './UploadProgress.tsx';
export { QuotaBar } from './QuotaBar.tsx';
export { ImportDropZone } from './ImportDropZone.tsx';
export { formatBytes, quotaPercent } from './format.ts';
export { parseImageNetPath, classesOf, mergeClasses, type ImageNetEntry } from './imagenet.ts';
export { splitUpdates, splitCounts } from './split-plan.ts';
