import { Button, Dropdown, Upload } from 'antd';
import {
  BulbOutlined,
  DownOutlined,
  FileAddOutlined,
  FolderOpenOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { STARTERS, type StarterId } from '../starters.ts';
import { useTexts } from '../use-texts.ts';

export interface ProjectBarProps {
  onStarter: (id: StarterId) => void;
  onNew: () => void;
  onOpen: (file: File) => void;
  onSave: () => void;
}

/** Example projects, new, open and save: the lab page's header actions. */
export function ProjectBar({ onStarter, onNew, onOpen, onSave }: ProjectBarProps) {
  const { t } = useTexts();
  return (
    <div className="tt-project-bar">
      <Dropdown
        trigger={['click']}
        menu={{
          items: STARTERS.map((s) => ({
            key: s.id,
            label: (
              <span className="tt-starter-item">
                <strong>{t(`project.starter.${s.id}`)}</strong>
                <span>{t(`project.starter.${s.id}Hint`)}</span>
              </span>
            ),
          })),
          onClick: ({ key }) => onStarter(key as StarterId),
        }}
      >
        <Button icon={<BulbOutlined />}>
          {t('project.starters')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button icon={<FileAddOutlined />} onClick={onNew}>
        {t('project.new')}
      </Button>
      <Upload
        accept=".json,application/json"
        showUploadList={false}
        beforeUpload={(file) => {
          onOpen(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<FolderOpenOutlined />}>{t('project.open')}</Button>
      </Upload>
      <Button icon={<SaveOutlined />} onClick={onSave}>
        {t('project.save')}
      </Button>
    </div>
  );
}
