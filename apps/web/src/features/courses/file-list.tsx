import { DeleteOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Image, Popconfirm } from 'antd';
import type { CourseFile } from '@ai-edu/contract';
import { logEdu } from '../../lib/activity-log.ts';
import { useCoursesTranslation } from './i18n.ts';

/** Education log type 1: a course file was opened (spec §3, §7). */
export const EDU_FILE_OPENED = 1;

function withDownload(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** A session's files: PDFs open in a new tab, images and videos inline, slides download. */
export function FileList({
  files,
  courseId,
  sessionId,
  onRemove,
}: {
  files: CourseFile[];
  courseId: string;
  sessionId: string;
  onRemove?: (file: CourseFile) => void;
}) {
  const { t } = useCoursesTranslation();
  if (files.length === 0) return null;
  const opened = (file: CourseFile) =>
    logEdu({ type: EDU_FILE_OPENED, filename: file.filename, course_id: courseId, session_id: sessionId });

  return (
    <div className="course-files">
      {files.map((file) => (
        <div key={file.id} className={`course-file course-file-${file.kind}`}>
          {file.kind === 'image' && (
            <Image src={file.url} alt={file.filename} width={220} onClick={() => opened(file)} />
          )}
          {file.kind === 'video' && (
            <video src={file.url} controls preload="metadata" onPlay={() => opened(file)} />
          )}
          <div className="course-file-row">
            <span className="course-file-name">{file.filename}</span>
            {file.kind === 'pdf' && (
              <a href={file.url} target="_blank" rel="noreferrer" onClick={() => opened(file)}>
                <Button size="small" icon={<FilePdfOutlined />}>
                  {t('detail.openPdf')}
                </Button>
              </a>
            )}
            {file.kind === 'slides' && (
              <a href={withDownload(file.url)} download={file.filename} onClick={() => opened(file)}>
                <Button size="small" icon={<DownloadOutlined />}>
                  {t('detail.download')}
                </Button>
              </a>
            )}
            {onRemove && (
              <Popconfirm title={t('detail.removeFile')} onConfirm={() => onRemove(file)}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('detail.removeFile')} />
              </Popconfirm>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
