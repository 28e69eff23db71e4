/** A project's saved versions (the server keeps the last 20), newest first, each with Restore. */
import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MakeVersion } from '@ai-edu/contract';

export interface VersionListTexts {
  title: string;
  close: string;
  empty: string;
  restore: string;
  /** "saved 10:32 · 2 KB" */
  describe: (version: MakeVersion) => string;
}

export interface VersionListProps {
  versions: readonly MakeVersion[] | undefined;
  texts: VersionListTexts;
  onClose: () => void;
  onRestore: (versionId: number) => void;
}

export function VersionList({ versions, texts, onClose, onRestore }: VersionListProps) {
  return (
    <section id="make-versions" className="make-projects" aria-labelledby="make-versions-title">
      <header className="make-projects-header">
        <h2 id="make-versions-title">{texts.title}</h2>
        <Button type="text" icon={<CloseOutlined />} aria-label={texts.close} onClick={onClose} />
      </header>
      {versions && versions.length === 0 && <p className="make-empty">{texts.empty}</p>}
      <ol className="make-project-list">
        {versions?.map((version) => (
          <li key={version.id} className="make-project-item">
            <span>{texts.describe(version)}</span>
            <Button
              type="link"
              aria-label={`${texts.restore}: ${texts.describe(version)}`}
              onClick={() => onRestore(version.id)}
            >
              {texts.restore}
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default VersionList;
