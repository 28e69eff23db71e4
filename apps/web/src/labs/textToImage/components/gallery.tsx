import { Button, Empty, Image, Popconfirm, Skeleton, Tag, Tooltip } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Painting } from '@ai-edu/contract';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';
import { downloadUrl } from '../paint-logic.ts';
import { useStyleName } from './style-picker.tsx';

interface GalleryProps {
  paintings: Painting[] | undefined;
  loading: boolean;
  onDelete: (id: string) => void;
}

/** The user's paintings kept on the server, newest first: look, download, delete. */
export function Gallery({ paintings, loading, onDelete }: GalleryProps) {
  const { t, language } = useLabTranslation('textToImage', texts);
  const styleName = useStyleName();
  const when = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <section className="paint-gallery" aria-labelledby="paint-gallery-title">
      <header className="paint-gallery-head">
        <h2 id="paint-gallery-title">{t('gallery.title')}</h2>
        {paintings && paintings.length > 0 && (
          <span className="paint-gallery-count">{t('gallery.count', { count: paintings.length })}</span>
        )}
      </header>
      {loading && <Skeleton active paragraph={{ rows: 3 }} />}
      {!loading && (paintings?.length ?? 0) === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gallery.empty')} />
      )}
      <Image.PreviewGroup>
        <ul className="paint-gallery-grid">
          {paintings?.map((painting) => (
            <li key={painting.id} className="paint-card">
              <div className="paint-card-image">
                <Image src={painting.url} alt={painting.prompt} />
              </div>
              <div className="paint-card-body">
                <p className="paint-card-prompt" title={painting.prompt}>
                  {painting.prompt}
                </p>
                <time className="paint-card-time" dateTime={painting.createdAt}>
                  {when.format(new Date(painting.createdAt))}
                </time>
                <div className="paint-card-foot">
                  <Tag variant="filled" color="purple">
                    {styleName(painting.style)}
                  </Tag>
                  <span className="paint-card-actions">
                    <Tooltip title={t('gallery.download')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<DownloadOutlined />}
                        href={downloadUrl(painting.url)}
                        download
                        aria-label={t('gallery.download')}
                      />
                    </Tooltip>
                    <Popconfirm
                      title={t('gallery.deleteConfirm')}
                      okText={t('gallery.delete')}
                      cancelText={t('gallery.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => onDelete(painting.id)}
                    >
                      <Tooltip title={t('gallery.delete')}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('gallery.delete')}
                        />
                      </Tooltip>
                    </Popconfirm>
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </Image.PreviewGroup>
    </section>
  );
}
