/**
 * The class gallery (classmates' projects shared with the class) and the teacher view (every project of the
 * students of the caller's classes), as panels like the project list. Items open read-only at `/make/view/<id>`.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Spin } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MakeGalleryItem } from '@ai-edu/contract';
import { makeKeys } from '../api/paths.ts';
import { ThumbnailImage } from '../components/thumbnail-image.tsx';
import { sharingRequests } from '../api/sharing-requests.ts';
import { useMakeTexts } from '../use-texts.ts';
import { useSharingTexts } from './use-sharing-texts.ts';

function ItemList({ items, label }: { items: readonly MakeGalleryItem[]; label: string }) {
  const { language } = useMakeTexts();
  const { t: ts } = useSharingTexts();
  return (
    <ul className="make-project-list" aria-label={label}>
      {items.map((item) => {
        const author = item.authorName || ts('someone');
        return (
          <li key={item.id} className="make-project-item">
            <ThumbnailImage src={item.thumbnail} />
            <div className="make-project-text">
              <strong className="make-project-name">{item.name}</strong>
              <div className="make-project-when">
                {ts('by', { author, when: new Date(item.updatedAt).toLocaleString(language) })}
              </div>
            </div>
            <Link to={`/make/view/${item.id}`} aria-label={ts('openItem', { name: item.name, author })}>
              {ts('open')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Panel({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { t } = useMakeTexts();
  return (
    <section id={id} className="make-projects" aria-labelledby={`${id}-title`}>
      <header className="make-projects-header">
        <h2 id={`${id}-title`}>{title}</h2>
        <Button type="text" icon={<CloseOutlined />} aria-label={t('close')} onClick={onClose} />
      </header>
      {children}
    </section>
  );
}

export function ClassGalleryPanel({ onClose }: { onClose: () => void }) {
  const { t: ts } = useSharingTexts();
  const gallery = useQuery({
    queryKey: makeKeys.gallery(),
    queryFn: ({ signal }) => sharingRequests.gallery(signal),
  });
  const items = gallery.data?.items;
  return (
    <Panel id="make-gallery" title={ts('galleryTitle')} onClose={onClose}>
      {!items ? (
        gallery.isPending && <Spin />
      ) : items.length === 0 ? (
        <p className="make-empty">{ts('galleryEmpty')}</p>
      ) : (
        <ItemList items={items} label={ts('galleryTitle')} />
      )}
    </Panel>
  );
}

export function TeachingPanel({ onClose }: { onClose: () => void }) {
  const { t: ts } = useSharingTexts();
  const teaching = useQuery({
    queryKey: makeKeys.teaching(),
    queryFn: ({ signal }) => sharingRequests.teaching(signal),
  });
  const classes = teaching.data?.classes;
  return (
    <Panel id="make-teaching" title={ts('teachingTitle')} onClose={onClose}>
      {!classes ? (
        teaching.isPending && <Spin />
      ) : classes.length === 0 ? (
        <p className="make-empty">{ts('teachingEmpty')}</p>
      ) : (
        classes.map((klass) => (
          <section key={klass.classId} aria-label={klass.className}>
            <h3 className="make-class-name">{klass.className}</h3>
            {klass.projects.length === 0 ? (
              <p className="make-empty">{ts('classEmpty')}</p>
            ) : (
              <ItemList items={klass.projects} label={klass.className} />
            )}
          </section>
        ))
      )}
    </Panel>
  );
}
