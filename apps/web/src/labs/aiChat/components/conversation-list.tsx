import { Button, Empty, Popconfirm, Skeleton, Tooltip } from 'antd';
import { DeleteOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConversationSummary } from '@ai-edu/contract';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';

interface ConversationListProps {
  conversations: ConversationSummary[] | undefined;
  loading: boolean;
  activeId: string | undefined;
  openingId: string | undefined;
  onOpen: (id: string) => void;
  onDelete: (id: string) => void;
  onNew: () => void;
}

/** The user's past conversations, newest first: open one to continue it, or delete it. */
export function ConversationList({
  conversations,
  loading,
  activeId,
  openingId,
  onOpen,
  onDelete,
  onNew,
}: ConversationListProps) {
  const { t, language } = useLabTranslation('aiChat', texts);
  const when = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

  return (
    <nav className="chat-history" aria-label={t('history.title')}>
      <Button type="primary" ghost block icon={<PlusOutlined />} onClick={onNew} className="chat-history-new">
        {t('history.newChat')}
      </Button>
      <h2 className="chat-history-title">{t('history.title')}</h2>
      {loading && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      {!loading && (conversations?.length ?? 0) === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      )}
      <ul className="chat-history-list">
        {conversations?.map((conversation) => (
          <li
            key={conversation.id}
            className={[
              'chat-history-item',
              conversation.id === activeId ? 'chat-history-item-active' : '',
              conversation.id === openingId ? 'chat-history-item-opening' : '',
            ].join(' ')}
          >
            <button
              type="button"
              className="chat-history-open"
              onClick={() => onOpen(conversation.id)}
              aria-current={conversation.id === activeId ? 'true' : undefined}
            >
              <MessageOutlined className="chat-history-icon" />
              <span className="chat-history-text">
                <span className="chat-history-name">{conversation.title}</span>
                <span className="chat-history-time">{when.format(new Date(conversation.updatedAt))}</span>
              </span>
            </button>
            <Popconfirm
              title={t('history.deleteConfirm')}
              okText={t('history.deleteOk')}
              cancelText={t('history.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(conversation.id)}
            >
              <Tooltip title={t('history.delete')}>
                <Button
                  className="chat-history-delete"
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`${t('history.delete')}: ${conversation.title}`}
                />
              </Tooltip>
            </Popconfirm>
          </li>
        ))}
      </ul>
    </nav>
  );
}
