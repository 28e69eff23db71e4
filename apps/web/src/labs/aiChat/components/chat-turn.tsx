import { memo } from 'react';
import { Alert, Button } from 'antd';
import { RedoOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { canRetry, type ChatTurn } from '../history.ts';
import { texts } from '../i18n.ts';
import { CopyButton } from './copy-button.tsx';
import { ChatMarkdown } from './markdown.tsx';

type LabT = ReturnType<typeof useLabTranslation<typeof texts.en>>['t'];

/** What the user is told under a reply that did not finish normally. */
function noteOf(
  turn: ChatTurn,
  t: LabT,
  cost: string,
): { text: string; type: 'info' | 'warning' | 'error' } | null {
  if (turn.state === 'stopped')
    return { text: turn.charged ? t('status.stoppedCharged') : t('status.stoppedFree'), type: 'info' };
  if (turn.state === 'error' && turn.problem) {
    const { kind, message } = turn.problem;
    switch (kind) {
      case 'provider':
        return turn.charged
          ? { text: t('status.errorCharged', { message }), type: 'warning' }
          : { text: t('status.errorFree', { message }), type: 'error' };
      case 'credits':
        return { text: t('errors.credits', { cost }), type: 'warning' };
      case 'limit':
        return { text: t('errors.limit', { message }), type: 'warning' };
      case 'denied':
        return { text: t('errors.denied'), type: 'error' };
      case 'session':
        return { text: t('errors.session'), type: 'error' };
      case 'busy':
        return { text: t('errors.busy'), type: 'warning' };
      case 'network':
        return { text: t('errors.network', { message: message || '—' }), type: 'error' };
      case 'notConfigured':
      case 'generic':
        return { text: t('errors.generic', { message: message || '—' }), type: 'error' };
    }
  }
  if (turn.incomplete) return { text: t('status.incomplete'), type: 'info' };
  if (turn.replayed) return { text: t('status.replayed'), type: 'info' };
  return null;
}

interface ChatTurnViewProps {
  turn: ChatTurn;
  /** The cost of a message, already worded ("1 credit"). */
  cost: string;
  onRetry: (id: string) => void;
  retryDisabled: boolean;
}

/** One message: the user's on the right, the AI's on the left rendered as Markdown. */
export const ChatTurnView = memo(function ChatTurnView({
  turn,
  cost,
  onRetry,
  retryDisabled,
}: ChatTurnViewProps) {
  const { t } = useLabTranslation('aiChat', texts);
  if (turn.role === 'user') {
    return (
      <div className="chat-turn chat-turn-user">
        <div className="chat-bubble chat-bubble-user">{turn.content}</div>
        <span className="chat-avatar chat-avatar-user" aria-label={t('you')}>
          <UserOutlined />
        </span>
      </div>
    );
  }

  const streaming = turn.state === 'streaming';
  const note = noteOf(turn, t, cost);
  return (
    <div className="chat-turn chat-turn-assistant" aria-busy={streaming || undefined}>
      <span className="chat-avatar chat-avatar-ai" aria-label={t('assistant')}>
        <RobotOutlined />
      </span>
      <div className="chat-turn-body">
        {(turn.content !== '' || streaming) && (
          <div className={['chat-bubble', 'chat-bubble-ai', streaming ? 'chat-streaming' : ''].join(' ')}>
            {turn.content === '' ? (
              <span className="chat-thinking">
                {t('thinking')}
                <span className="chat-dots" aria-hidden="true">
                  <i />
                  <i />
                  <i />
                </span>
              </span>
            ) : (
              <ChatMarkdown text={turn.content} />
            )}
          </div>
        )}
        {note && (
          <Alert
            className="chat-note"
            type={note.type}
            showIcon
            title={note.text}
            action={
              canRetry(turn) ? (
                <Button
                  size="small"
                  icon={<RedoOutlined />}
                  disabled={retryDisabled}
                  onClick={() => onRetry(turn.id)}
                >
                  {t('retry')}
                </Button>
              ) : undefined
            }
          />
        )}
        {!streaming && turn.content !== '' && (
          <div className="chat-turn-actions">
            <CopyButton text={turn.content} />
          </div>
        )}
      </div>
    </div>
  );
});
