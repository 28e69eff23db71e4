/**
 * "Our school's doodles": the drawings the school's students shared, counted per word, as the small pictures
 * the model learns from, and how far the school's model is. The school account can remove a drawing or clear
 * the whole set (after a confirm dialog).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Modal, Progress, Space, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { DoodleSet } from '@ai-edu/contract';
import { DoodleBitmap } from '../../../features/doodles/components/doodle-bitmap.tsx';
import { isCategoryKey, keyName } from '../game.ts';
import { clearDoodles, DoodleApiError, removeDoodle } from '../school-api.ts';
import { base64ToInput } from '../school-model.ts';
import type { SchoolModelState } from '../use-school-set.ts';
import { useTexts } from '../use-texts.ts';

/** Pictures shown before "show all": plenty for a class, light for a set of thousands. */
const FIRST_SHOWN = 60;

export interface SchoolSetPanelProps {
  set: { data: DoodleSet | undefined; error: Error | null; loading: boolean };
  school: SchoolModelState;
  onChanged: () => void;
}

export function SchoolSetPanel({ set, school, onChanged }: SchoolSetPanelProps) {
  const { t, lang } = useTexts();
  const [modal, modalHolder] = Modal.useModal();
  const [all, setAll] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const data = set.data;
  const isSchool = data?.membership === 'school';
  // Decoded once per set, not on every render.
  const pictures = useMemo(
    () => new Map(data?.drawings.map((d) => [d.id, base64ToInput(d.pixels)]) ?? []),
    [data],
  );

  const act = async (work: () => Promise<unknown>, done: string) => {
    setNotice(null);
    try {
      await work();
      setNotice({ ok: true, text: done });
      onChanged();
    } catch (error) {
      setNotice({ ok: false, text: error instanceof DoodleApiError ? error.message : String(error) });
    }
  };

  const confirmClear = (count: number) =>
    modal.confirm({
      title: t('school.confirmTitle', { count }),
      content: t('school.confirmText'),
      okText: t('school.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('school.cancel'),
      onOk: () => act(clearDoodles, t('school.cleared')),
    });

  if (set.loading) return <Card>{t('school.loading')}</Card>;
  if (set.error) return <Alert type="error" showIcon message={set.error.message} />;
  if (!data || data.membership === 'none') return <Alert type="info" showIcon message={t('school.none')} />;

  const newestFirst = [...data.drawings].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, FIRST_SHOWN);
  return (
    <Card
      title={data.school ? `${t('school.title')} · ${data.school}` : t('school.title')}
      className="qd-school"
      data-testid="qd-school"
    >
      {modalHolder}
      <Typography.Paragraph type="secondary">{t('school.intro')}</Typography.Paragraph>
      <Space wrap className="qd-school-head">
        <Typography.Text strong data-testid="qd-school-count">
          {t('school.count', { total: data.total, limit: data.limit })}
        </Typography.Text>
        <Progress percent={(data.total / data.limit) * 100} showInfo={false} className="qd-school-fill" />
        {school.progress ? (
          <Typography.Text type="secondary">
            {t('school.learning', { done: school.progress.done, total: school.progress.total })}
          </Typography.Text>
        ) : school.model ? (
          <Typography.Text type="secondary">
            {t('school.ready', { count: school.model.schoolDrawings })}
          </Typography.Text>
        ) : null}
        {isSchool && data.total > 0 && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmClear(data.total)}>
            {t('school.clear')}
          </Button>
        )}
      </Space>
      {notice && (
        <Alert
          type={notice.ok ? 'success' : 'error'}
          showIcon
          message={notice.text}
          className="qd-school-notice"
        />
      )}
      {data.total === 0 ? (
        <Typography.Paragraph>{t('school.empty')}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Title level={5}>{t('school.labels')}</Typography.Title>
          <div className="qd-school-labels" data-testid="qd-school-labels">
            {data.labels.map(({ label, count }) => (
              <Tag key={label} color={isCategoryKey(label) ? undefined : 'purple'}>
                {keyName(label, lang)} · {count}
                {!isCategoryKey(label) && ` (${t('school.newWord')})`}
              </Tag>
            ))}
          </div>
          <ul className="qd-school-grid">
            {shown.map((d) => {
              const thing = keyName(d.label, lang);
              return (
                <li key={d.id} className="qd-school-item" data-testid="qd-school-item">
                  <DoodleBitmap
                    pixels={pictures.get(d.id) ?? null}
                    label={t('school.drawingAria', { thing })}
                    size={64}
                  />
                  <span className="qd-school-item-label">{thing}</span>
                  {d.by && <span className="qd-school-item-by">{t('school.by', { name: d.by })}</span>}
                  {!d.by && d.mine && <span className="qd-school-item-by">{t('school.mine')}</span>}
                  {isSchool && (
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('school.removeAria', { thing })}
                      onClick={() => void act(() => removeDoodle(d.id), t('school.removed'))}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {!all && newestFirst.length > FIRST_SHOWN && (
            <Button onClick={() => setAll(true)}>{t('school.showAll', { count: newestFirst.length })}</Button>
          )}
        </>
      )}
    </Card>
  );
}
