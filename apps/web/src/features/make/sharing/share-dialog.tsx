/**
 * The open project's Share dialog: the class gallery toggle and the read-only link. The link's token is shown
 * only when it is made (the server keeps its hash only), so "make a new link" is how to copy it again.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Switch } from 'antd';
import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import type { MakeProjectSummary } from '@ai-edu/contract';
import { toast } from '../../../lib/toast.ts';
import { makeKeys } from '../api/paths.ts';
import { sharingRequests } from '../api/sharing-requests.ts';
import { useSharingTexts } from './use-sharing-texts.ts';

/** The address a share link opens (on this origin). */
export const shareUrl = (token: string) => `${window.location.origin}/make/shared/${token}`;

export default function ShareDialog({
  project,
  onClose,
}: {
  project: MakeProjectSummary;
  onClose: () => void;
}) {
  const { t: ts } = useSharingTexts();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: makeKeys.projects() });

  const classShare = useMutation({
    mutationFn: (shared: boolean) => sharingRequests.setClassShare(project.id, shared),
    onSettled: refresh,
  });
  const makeLink = useMutation({
    mutationFn: () => sharingRequests.createShareLink(project.id),
    onSuccess: ({ token }) => setLink(shareUrl(token)),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => sharingRequests.revokeShareLink(project.id),
    onSuccess: () => setLink(null),
    onSettled: refresh,
  });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(ts('copied'), 'success');
    } catch {
      toast(ts('copyFailed'), 'warning');
    }
  };

  const shared = classShare.isPending
    ? (classShare.variables ?? project.sharedWithClass)
    : project.sharedWithClass;
  const linkOn = link !== null || (project.hasShareLink && !revoke.isSuccess);

  return (
    <Modal
      open
      title={ts('shareTitle', { name: project.name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <section className="make-share-section" aria-labelledby="make-share-class">
        <label id="make-share-class" className="make-share-toggle">
          <Switch checked={shared} loading={classShare.isPending} onChange={(on) => classShare.mutate(on)} />
          <span>{ts('classShare')}</span>
        </label>
        <p className="make-share-hint">{ts('classShareHint')}</p>
      </section>
      <section className="make-share-section" aria-labelledby="make-share-link">
        <h3 id="make-share-link">{ts('linkTitle')}</h3>
        <p className="make-share-hint">{ts('linkHint')}</p>
        {link ? (
          <Space.Compact className="make-share-address">
            <input
              readOnly
              value={link}
              aria-label={ts('linkAddress')}
              className="make-name-input"
              onFocus={(event) => event.target.select()}
            />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy(link)}>
              {ts('copyLink')}
            </Button>
          </Space.Compact>
        ) : (
          <p role="status">{linkOn ? ts('linkOn') : ts('linkOff')}</p>
        )}
        <Space wrap>
          <Button icon={<LinkOutlined />} loading={makeLink.isPending} onClick={() => makeLink.mutate()}>
            {linkOn ? ts('newLink') : ts('makeLink')}
          </Button>
          {linkOn && (
            <Button danger loading={revoke.isPending} onClick={() => revoke.mutate()}>
              {ts('revokeLink')}
            </Button>
          )}
        </Space>
      </section>
    </Modal>
  );
}
