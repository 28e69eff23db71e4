/** Drop a folder or a .zip in the ImageNet layout (or choose one): new classes are added, then the pictures sent. */
import { Button, Space, Typography, Upload } from 'antd';
import { FileZipOutlined, FolderOpenOutlined, InboxOutlined } from '@ant-design/icons';
import { useState, type DragEvent } from 'react';
import { MODEL_TRAIN, type TrainProject } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { toast } from '../../../lib/toast.ts';
import type { ImageUploadItem } from '../api/uploader.ts';
import { classesOf, mergeClasses } from './imagenet.ts';
import {
  filesFromDrop,
  filesFromFolderInput,
  filesFromZip,
  toUploadItems,
  type ImportedFile,
} from './import-files.ts';
import { texts } from './i18n.ts';

export function ImportDropZone({
  project,
  onItems,
  setClasses,
  disabled,
}: {
  project: TrainProject;
  onItems: (items: ImageUploadItem[]) => Promise<void>;
  /** Saves the project's class list; false when the server refused. */
  setClasses: (classes: string[]) => Promise<boolean>;
  disabled?: boolean;
}) {
  const { t } = useFeatureTranslation('model-train-dataset', texts);
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState(false);

  const importFiles = async (read: () => Promise<{ imported: ImportedFile[]; loose: number }>) => {
    setReading(true);
    let found: { imported: ImportedFile[]; loose: number };
    try {
      found = await read();
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      setReading(false);
    }
    if (found.loose > 0) toast(t('import.loose', { count: found.loose }), 'warning');
    if (found.imported.length === 0) {
      toast(t('import.nothing'));
      return;
    }
    const { classes, rename } = mergeClasses(project.classes, classesOf(found.imported));
    if (classes.length > MODEL_TRAIN.maxClasses) {
      toast(t('import.tooManyClasses', { max: MODEL_TRAIN.maxClasses }));
      return;
    }
    if (classes.length !== project.classes.length && !(await setClasses(classes))) return;
    await onItems(toUploadItems(found.imported, rename));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const items = event.dataTransfer.items;
    void importFiles(async () => {
      const { imported, looseFiles } = await filesFromDrop(items);
      return { imported, loose: looseFiles.length };
    });
  };

  return (
    <div
      className={`mt-drop-zone${over ? ' is-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-label={t('import.title')}
    >
      <Space orientation="vertical" size={4}>
        <Typography.Text strong>
          <InboxOutlined /> {reading ? t('import.reading') : t('import.drop')}
        </Typography.Text>
        <Typography.Text type="secondary">{t('import.layout')}</Typography.Text>
        <Space wrap>
          <Upload
            accept=".zip,application/zip"
            showUploadList={false}
            disabled={disabled || reading}
            beforeUpload={(file) => {
              void importFiles(async () => ({ imported: await filesFromZip(file), loose: 0 }));
              return Upload.LIST_IGNORE;
            }}
          >
            <Button size="small" icon={<FileZipOutlined />} disabled={disabled || reading}>
              {t('import.chooseZip')}
            </Button>
          </Upload>
          <Upload
            directory
            showUploadList={false}
            disabled={disabled || reading}
            beforeUpload={(file, list) => {
              if (file === list.at(-1)) {
                void importFiles(async () => {
                  const imported = filesFromFolderInput(list);
                  return { imported, loose: 0 };
                });
              }
              return Upload.LIST_IGNORE;
            }}
          >
            <Button size="small" icon={<FolderOpenOutlined />} disabled={disabled || reading}>
              {t('import.chooseFolder')}
            </Button>
          </Upload>
        </Space>
      </Space>
    </div>
  );
}
