/**
 * AI Q&A (spec §2 `aiChat`): a multi-turn chat with streamed, Markdown-rendered answers, a stop button, and
 * the user's past conversations to reopen or delete. Each message costs credits (shown on the send button);
 * the server keeps the charge only when the provider produced output.
 *
 * Its offline mode is the tiny poet (poet/): on a server without a chat provider the lab opens there; with
 * one, a switch between the cloud AI and the tiny poet (`?mode=tiny`) makes the comparison a lesson. An
 * admin also gets the switch without a provider, to find the set-up instructions behind "cloud AI".
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Drawer, Skeleton, type InputRef } from 'antd';
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { LabFrame } from '../../components/lab-frame.tsx';
import { LabModeSwitch } from '../../components/lab-mode-switch.tsx';
import { callApi } from '../../lib/api-request.ts';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { useLabMode } from '../../lib/lab-mode.ts';
import { toast } from '../../lib/toast.ts';
import { chatCost, conversationPath, conversationsKey, useAiStatus, useConversations } from './api.ts';
import { ChatTurnView } from './components/chat-turn.tsx';
import { Composer } from './components/composer.tsx';
import { ConversationList } from './components/conversation-list.tsx';
import { NotConfigured } from './components/not-configured.tsx';
import { Welcome } from './components/welcome.tsx';
import { texts } from './i18n.ts';
import { PoetMode } from './poet/poet-mode.tsx';
import { useChat } from './use-chat.ts';
import './chat.css';

export default function AiChatLab() {
  const { t } = useLabTranslation('aiChat', texts);
  const status = useAiStatus();
  const { mode, setMode, switchable } = useLabMode(status.data?.chat !== false);
  const switcher = switchable ? (
    <LabModeSwitch
      mode={mode}
      onChange={setMode}
      label={t('poet.modeLabel')}
      cloud={t('poet.modes.cloud')}
      tiny={t('poet.modes.tiny')}
    />
  ) : undefined;

  if (status.isPending) {
    return (
      <LabFrame slug="aiChat" className="ai-chat-page">
        <div className="chat-loading">
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      </LabFrame>
    );
  }
  if (mode === 'tiny') {
    return (
      <LabFrame slug="aiChat" className="ai-chat-page" tip={t('poet.tip')} extra={switcher}>
        <PoetMode />
      </LabFrame>
    );
  }
  return <CloudChat switcher={switcher} />;
}

/** The cloud chat (a provider on the server), or an admin's set-up instructions where there is none. */
function CloudChat({ switcher }: { switcher: ReactNode }) {
  const { t, tApp } = useLabTranslation('aiChat', texts);
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const conversations = useConversations();
  const chat = useChat();
  const [draft, setDraft] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const inputRef = useRef<InputRef>(null);
  // Keeps the newest message in view while the answer streams, unless the user scrolled up to read.
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  useEffect(() => {
    const element = scrollRef.current;
    if (element && stickRef.current) element.scrollTop = element.scrollHeight;
  }, [chat.turns]);
  const onScroll = () => {
    const element = scrollRef.current;
    if (element) stickRef.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
  };

  const cost = chatCost(status.data);
  const costText = tApp('lab.cost', { count: cost });
  const configured = status.data?.chat !== false && !chat.notConfigured;

  const send = () => {
    if (!draft.trim()) return;
    stickRef.current = true;
    chat.send(draft);
    setDraft('');
  };

  const startNew = () => {
    chat.reset();
    setDraft('');
    setDrawerOpen(false);
    inputRef.current?.focus();
  };

  const open = (id: string) => {
    setDrawerOpen(false);
    stickRef.current = true;
    void chat.open(id);
  };

  const remove = async (id: string) => {
    try {
      await callApi(conversationPath(id), { method: 'DELETE' }, z.null());
    } catch {
      return; // callApi told the user.
    }
    if (id === chat.conversationId) chat.reset();
    toast(t('history.deleted'), 'success');
    await queryClient.invalidateQueries({ queryKey: conversationsKey });
  };

  const history = (
    <ConversationList
      conversations={conversations.data}
      loading={conversations.isPending}
      activeId={chat.conversationId}
      openingId={chat.opening}
      onOpen={open}
      onDelete={(id) => void remove(id)}
      onNew={startNew}
    />
  );

  return (
    <LabFrame
      slug="aiChat"
      className="ai-chat-page"
      tip={t('tip', { cost: costText })}
      extra={
        <>
          {switcher}
          <span className="chat-narrow-only">
            <Button icon={<HistoryOutlined />} onClick={() => setDrawerOpen(true)}>
              {t('history.open')}
            </Button>
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={startNew}
              aria-label={t('history.newChat')}
            />
          </span>
        </>
      }
    >
      <div className="chat-layout">
        <aside className="chat-sidebar chat-wide-only">{history}</aside>
        <section className="chat-main" aria-label={tApp('labs.aiChat.title')}>
          {!configured ? (
            <NotConfigured />
          ) : (
            <>
              <div className="chat-scroll" ref={scrollRef} onScroll={onScroll} aria-live="polite">
                {chat.turns.length === 0 && !chat.opening && (
                  <Welcome
                    onPick={(text) => {
                      setDraft(text);
                      inputRef.current?.focus();
                    }}
                  />
                )}
                {chat.opening && chat.turns.length === 0 && <Skeleton active paragraph={{ rows: 6 }} />}
                <div className="chat-turns">
                  {chat.turns.map((turn) => (
                    <ChatTurnView
                      key={turn.id}
                      turn={turn}
                      cost={costText}
                      onRetry={chat.retry}
                      retryDisabled={chat.streaming}
                    />
                  ))}
                </div>
              </div>
              <Composer
                ref={inputRef}
                value={draft}
                onChange={setDraft}
                onSend={send}
                onStop={chat.stop}
                streaming={chat.streaming}
                cost={cost}
              />
            </>
          )}
        </section>
      </div>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement="left"
        size={300}
        title={t('history.title')}
        rootClassName="chat-history-drawer"
      >
        {history}
      </Drawer>
    </LabFrame>
  );
}
