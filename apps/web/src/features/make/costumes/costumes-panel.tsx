/**
 * The Costumes panel (issue 26): the project's own pictures, added from a file or as a snapshot from the
 * camera, listed with their names to rename and a delete button. A chunk of its own with its texts
 * (namespace `makeCostumes`), fetched when the toolbar's Costumes button is first pressed. The server checks
 * every picture (type from its bytes, 2 MB, the project's and the student's limits) and its refusal is shown
 * here in its own words.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { CloseCircleFilled, CloseOutlined } from '@ant-design/icons';
import { MAKE, type MakeAsset, type MakeAssetList } from '@ai-edu/contract';
import { CameraProblem } from '../../../components/camera/camera-problem.tsx';
import { videoFrame } from '../../../lib/camera/camera.ts';
import { useCamera } from '../../../lib/camera/use-camera.ts';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { MAKE_PATHS } from '../api/paths.ts';
import { assetCostume } from '../runtime/project-costumes.ts';
import { costumesTexts } from './i18n.ts';
import { deletePicture, pictureName, pictureUrl, renamePicture, uploadPicture } from './requests.ts';

export interface CostumesPanelProps {
  projectId: number;
  assets: MakeAssetList | undefined;
  uid: string | null;
  language: string;
  /** After a picture was added, renamed or deleted: the page reads the list again. */
  onChanged: () => void;
  onClose: () => void;
}

const MB = 1024 * 1024;

function useCostumesTexts() {
  return useFeatureTranslation('makeCostumes', costumesTexts);
}

/** A picture's thumbnail: its bytes read with the session into an object URL, freed when it goes. */
function PictureThumb({ path, uid, alt }: { path: string; uid: string | null; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    pictureUrl(path, uid, controller.signal)
      .then((objectUrl) => {
        made = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, uid]);
  return url ? (
    <img className="make-costume-thumb" src={url} alt={alt} />
  ) : (
    <span className="make-costume-thumb" aria-hidden />
  );
}

function PictureItem({
  asset,
  projectId,
  uid,
  onChanged,
  onError,
}: {
  asset: MakeAsset;
  projectId: number;
  uid: string | null;
  onChanged: () => void;
  onError: (message: string) => void;
}) {
  const { t } = useCostumesTexts();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const name = (draft ?? '').trim();
    setDraft(null);
    if (!name || name === asset.name) return;
    renamePicture(projectId, asset.id, name).then(onChanged, (error: unknown) => onError(String(error)));
  };
  return (
    <li className="make-costume" data-asset-id={asset.id} data-costume={assetCostume(asset.id)}>
      <PictureThumb
        path={MAKE_PATHS.assetFile(projectId, asset.id)}
        uid={uid}
        alt={t('pictureAlt', { name: asset.name })}
      />
      <input
        aria-label={t('nameLabel', { name: asset.name })}
        value={draft ?? asset.name}
        maxLength={MAKE.assetNameMax}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className="make-name-input"
      />
      <Button
        danger
        aria-label={t('deleteLabel', { name: asset.name })}
        onClick={() => {
          deletePicture(projectId, asset.id).then(onChanged, (error: unknown) => onError(String(error)));
        }}
      >
        {t('delete')}
      </Button>
    </li>
  );
}

/** The camera's view with "Take it": the frame becomes a JPEG (well under the 2 MB of a picture). */
function SnapshotTaker({ onTaken, onCancel }: { onTaken: (blob: Blob) => void; onCancel: () => void }) {
  const { t } = useCostumesTexts();
  const { videoRef, status, start } = useCamera({ autoStart: true, width: 640, height: 480 });
  const take = () => {
    videoFrame(videoRef.current)?.toBlob((blob) => blob && onTaken(blob), 'image/jpeg', 0.9);
  };
  return (
    <div className="make-costume-camera">
      <video ref={videoRef} muted playsInline aria-label={t('cameraLabel')} />
      {status === 'starting' && <p role="status">{t('cameraStarting')}</p>}
      <CameraProblem status={status} onRetry={() => void start()} />
      <Space>
        <Button type="primary" disabled={status !== 'live'} onClick={take}>
          {t('takeSnapshot')}
        </Button>
        <Button onClick={onCancel}>{t('cancel')}</Button>
      </Space>
    </div>
  );
}

export function CostumesPanel({ projectId, assets, uid, language, onChanged, onClose }: CostumesPanelProps) {
  const { t } = useCostumesTexts();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);

  const upload = async (picture: { blob: Blob; fileName: string; name: string }) => {
    setError(null);
    setBusy(true);
    try {
      await uploadPicture(projectId, picture, { uid, language });
      onChanged();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const snapshotCount = (assets?.assets.length ?? 0) + 1;
  return (
    <section id="make-costumes" className="make-projects" aria-labelledby="make-costumes-title">
      <header className="make-projects-header">
        <h2 id="make-costumes-title">{t('title')}</h2>
        <Button type="text" icon={<CloseOutlined />} aria-label={t('close')} onClick={onClose} />
      </header>
      <p>{t('hint')}</p>
      <Space wrap>
        <Button disabled={busy} onClick={() => fileInput.current?.click()}>
          {t('addFile')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          aria-label={t('chooseFile')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload({ blob: file, fileName: file.name, name: pictureName(file.name) });
          }}
        />
        <Button disabled={busy} aria-expanded={camera} onClick={() => setCamera((open) => !open)}>
          {t('snapshot')}
        </Button>
      </Space>
      {camera && (
        <SnapshotTaker
          onCancel={() => setCamera(false)}
          onTaken={(blob) => {
            setCamera(false);
            const name = t('snapshotName', { n: snapshotCount });
            void upload({ blob, fileName: 'snapshot.jpg', name });
          }}
        />
      )}
      {busy && <p role="status">{t('uploading')}</p>}
      {error && (
        <p className="make-error" role="alert">
          <CloseCircleFilled aria-hidden /> {t('failed', { message: error })}
        </p>
      )}
      {assets && (
        <p className="make-costume-usage">
          {t('used', {
            used: (assets.projectBytes / MB).toFixed(1),
            limit: MAKE.assetsMaxBytesPerProject / MB,
          })}
        </p>
      )}
      {assets?.assets.length === 0 && <p>{t('empty')}</p>}
      <ul className="make-costumes">
        {assets?.assets.map((asset) => (
          <PictureItem
            key={asset.id}
            asset={asset}
            projectId={projectId}
            uid={uid}
            onChanged={onChanged}
            onError={setError}
          />
        ))}
      </ul>
    </section>
  );
}

export default CostumesPanel;
