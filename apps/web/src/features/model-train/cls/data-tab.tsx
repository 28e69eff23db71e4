/**
 * The Data tab: web-data's `ClsDatasetPanel` (classes, pictures, uploads, camera, zip import, split).
 * TODO(web-train): until it lands, the number of pictures per class stands in.
 */
import { List, Typography } from 'antd';
import type { TrainImage, TrainProject } from '@ai-edu/contract';

export function DataTab({
  project,
  images,
}: {
  project: TrainProject;
  images: readonly TrainImage[];
  readOnly: boolean;
}) {
  return (
    <List
      size="small"
      dataSource={project.classes}
      renderItem={(name) => (
        <List.Item>
          <Typography.Text>{name}</Typography.Text>
          <Typography.Text type="secondary">
            {images.filter((im) => im.label === name).length}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
