import type { Ref } from 'react';
import { Button, Input, type InputRef } from 'antd';
import { InfoCircleOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { CostButton } from '../../../components/cost-button.tsx';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';

/** Long enough for a real question with some code pasted in; the server takes up to 20,000. */
export const MAX_MESSAGE_LENGTH = 4000;

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  cost: number;
  ref?: Ref<InputRef>;
}

/** The message box: Enter sends (Shift+Enter breaks the line), the price sits on the send button. */
export function Composer({ value, onChange, onSend, onStop, streaming, cost, ref }: ComposerProps) {
  const { t } = useLabTranslation('aiChat', texts);
  return (
    <div className="chat-composer">
      <div className="chat-composer-box">
        <Input.TextArea
          ref={ref}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              if (!streaming) onSend();
            }
          }}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={MAX_MESSAGE_LENGTH}
          variant="borderless"
          className="chat-composer-input"
        />
        <div className="chat-composer-bar">
          <span className="chat-composer-rule">
            <InfoCircleOutlined /> {t('chargeRule')}
          </span>
          {streaming ? (
            <Button
              danger
              icon={<StopOutlined aria-hidden />}
              onClick={onStop}
              className="chat-composer-stop"
            >
              {t('stop')}
            </Button>
          ) : (
            <CostButton
              type="primary"
              cost={cost}
              icon={<SendOutlined aria-hidden />}
              disabled={value.trim() === ''}
              onClick={onSend}
              className="chat-composer-send"
            >
              {t('send')}
            </CostButton>
          )}
        </div>
      </div>
    </div>
  );
}
