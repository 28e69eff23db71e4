import { useRef } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import {
  ClearOutlined,
  CloseOutlined,
  DeleteOutlined,
  UploadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { ClassNameInput } from '../../../components/class-name-input.tsx';
import { TRAINER_LIMITS } from '../limits.ts';
import type { NameProblem, TrainerClass } from '../project-state.ts';
import { useTrainerTexts } from '../texts.ts';

export interface ClassCardProps {
  cls: TrainerClass;
  color: string;
  canRecord: boolean;
  /** The input's models are loaded (uploads need them). */
  ready: boolean;
  recording: boolean;
  busy: boolean;
  nameProblem: (name: string) => NameProblem | null;
  onRename: (name: string) => void;
  onDelete: () => void;
  onClear: () => void;
  onRecord: (on: boolean) => void;
  onUpload: (files: File[]) => void;
  onRemove: (sampleId: number) => void;
  feedback?: string | null;
  /** Said next to the record button while the camera frame has nothing to sample (no body, no hand). */
  recordHint?: string | null;
  /** How many recorded frames were skipped, and why. */
  skippedNote?: string | null;
}

/** One class: editable name, "hold to record", upload, sample thumbnails with their count. */
export function ClassCard(props: ClassCardProps) {
  const { cls, color, canRecord, recording, busy, nameProblem, onRename, onDelete, onClear, onRecord } =
    props;
  const { t } = useTrainerTexts();
  const files = useRef<HTMLInputElement>(null);
  const count = cls.samples.length;
  const full = count >= TRAINER_LIMITS.maxSamplesPerClass;

  return (
    <section className="trainer-class" style={{ borderTopColor: color }} aria-label={cls.name}>
      <header className="trainer-class-head">
        <ClassNameInput
          className="trainer-class-name"
          name={cls.name}
          ariaLabel={t('classes.name')}
          problemText={(draft) => {
            const problem = nameProblem(draft);
            return (
              problem && t(`classes.nameProblem.${problem}`, { limit: TRAINER_LIMITS.maxClassNameLength })
            );
          }}
          onRename={onRename}
        />
        <span className="trainer-class-count">
          {t(count === 1 ? 'classes.samples.one' : 'classes.samples.other', { n: count })}
        </span>
        <Popconfirm
          title={t('classes.clearConfirm', { name: cls.name })}
          okText={t('classes.confirm')}
          cancelText={t('classes.cancel')}
          onConfirm={onClear}
          disabled={count === 0}
        >
          <Button
            type="text"
            icon={<ClearOutlined />}
            aria-label={t('classes.clear')}
            disabled={count === 0}
          />
        </Popconfirm>
        <Popconfirm
          title={t('classes.deleteConfirm', { name: cls.name })}
          okText={t('classes.confirm')}
          cancelText={t('classes.cancel')}
          onConfirm={onDelete}
        >
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('classes.delete')} />
        </Popconfirm>
      </header>
      <div className="trainer-class-actions">
        <Tooltip title={t('classes.holdHint')}>
          <Button
            type={recording ? 'primary' : 'default'}
            danger={recording}
            icon={<VideoCameraOutlined />}
            disabled={!canRecord || full}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              onRecord(true);
            }}
            onPointerUp={() => onRecord(false)}
            onPointerCancel={() => onRecord(false)}
            onLostPointerCapture={() => onRecord(false)}
            onKeyDown={(e) => {
              if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) onRecord(true);
            }}
            onKeyUp={(e) => {
              if (e.key === ' ' || e.key === 'Enter') onRecord(false);
            }}
            onBlur={() => onRecord(false)}
          >
            {recording ? t('classes.recording') : t('classes.hold')}
          </Button>
        </Tooltip>
        <input
          ref={files}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid={`class-upload-${cls.name}`}
          aria-label={`${t('classes.upload')}: ${cls.name}`}
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (chosen.length) props.onUpload(chosen);
          }}
        />
        <Button
          icon={<UploadOutlined />}
          loading={busy}
          disabled={full}
          onClick={() => files.current?.click()}
        >
          {t('classes.upload')}
        </Button>
      </div>
      {/* Always present: a live region announces what is added to it, not a region that appears. */}
      <div role="status" data-testid="record-miss">
        {props.recordHint && <p className="trainer-record-hint">{props.recordHint}</p>}
        {props.skippedNote && <p className="trainer-class-note">{props.skippedNote}</p>}
      </div>
      {full && (
        <p className="trainer-class-note">
          {t('classes.full', { limit: TRAINER_LIMITS.maxSamplesPerClass })}
        </p>
      )}
      {props.feedback && <p className="trainer-class-note">{props.feedback}</p>}
      {count === 0 ? (
        <p className="trainer-class-empty">{t('classes.empty')}</p>
      ) : (
        <ul className="trainer-thumbs" aria-label={t('classes.sampleList', { name: cls.name })}>
          {cls.samples.map((s, i) => (
            <li key={s.id}>
              <img src={s.thumb} alt="" width={48} height={48} />
              <button
                type="button"
                className="trainer-thumb-remove"
                aria-label={t('classes.removeSample', { n: i + 1 })}
                onClick={() => props.onRemove(s.id)}
              >
                <CloseOutlined />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
