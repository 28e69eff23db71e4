import { BulbOutlined } from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';

/** The empty chat: what to ask, with examples that fill the message box (the price stays visible). */
export function Welcome({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useLabTranslation('aiChat', texts);
  const examples = [t('welcome.example1'), t('welcome.example2'), t('welcome.example3')];
  return (
    <div className="chat-welcome">
      <div className="chat-welcome-mark" aria-hidden="true">
        <BulbOutlined />
      </div>
      <h2>{t('welcome.title')}</h2>
      <p>{t('welcome.text')}</p>
      <div className="chat-welcome-examples" role="group" aria-label={t('welcome.examples')}>
        {examples.map((example) => (
          <button key={example} type="button" className="chat-example" onClick={() => onPick(example)}>
            {example}
          </button>
        ))}
      </div>
    </div>
  );
}
