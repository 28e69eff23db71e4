/**
 * "How does a computer speak?": text → phonemes (eSpeak's own notation for the text, with what the marks
 * mean) → sound (waveform and spectrogram of what came out), then why the built-in voice sounds robotic
 * and what cloud voices do instead. Credits eSpeak NG and links its licence notice.
 */
import { Card, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { SoundView } from '../../../components/audio/sound-view.tsx';
import type { SpokenResult } from '../use-synthesis.ts';
import { looksChinese } from '../voices.ts';
import { useTexts } from '../use-texts.ts';

/** The licence notice, served by the web app itself (works offline). */
export const ESPEAK_LICENCE_URL = '/licenses/espeak-ng.txt';

export function HowItWorks({ text, result }: { text: string; result: SpokenResult | null }) {
  const { t } = useTexts();
  const phonemes = result?.phonemes;
  const chinese = looksChinese(result?.settings.text ?? text);
  return (
    <Card title={t('how.title')} className="vs-how" data-testid="how-it-works">
      <ol className="vs-how-steps" aria-label={t('how.title')}>
        <li>
          <strong>{t('how.step1')}</strong>
          <ArrowRightOutlined aria-hidden />
        </li>
        <li>
          <strong>{t('how.step2')}</strong>
          <ArrowRightOutlined aria-hidden />
        </li>
        <li>
          <strong>{t('how.step3')}</strong>
        </li>
      </ol>

      <section className="vs-how-section">
        <Typography.Title level={5}>1. {t('how.step1')}</Typography.Title>
        <Typography.Paragraph>{t('how.textWhat')}</Typography.Paragraph>
        {(result?.settings.text ?? text).trim() && (
          <blockquote className="vs-how-text">{(result?.settings.text ?? text).trim()}</blockquote>
        )}
      </section>

      <section className="vs-how-section">
        <Typography.Title level={5}>2. {t('how.step2')}</Typography.Title>
        <Typography.Paragraph>{t('how.phonemeWhat')}</Typography.Paragraph>
        {phonemes ? (
          <>
            <Typography.Text type="secondary">{t('how.phonemesOf')}</Typography.Text>
            <pre className="vs-phonemes" data-testid="phonemes" lang="und-fonipa">
              {phonemes}
            </pre>
            <Typography.Paragraph type="secondary">
              {chinese ? t('how.legendZh') : t('how.legendEn')}
            </Typography.Paragraph>
          </>
        ) : (
          <Typography.Paragraph type="secondary">{t('how.phonemesNone')}</Typography.Paragraph>
        )}
      </section>

      <section className="vs-how-section">
        <Typography.Title level={5}>3. {t('how.step3')}</Typography.Title>
        {result ? (
          <>
            <Typography.Paragraph>{t('how.soundWhat')}</Typography.Paragraph>
            <div data-testid="synthesis-sound">
              <SoundView samples={result.sound.samples} sampleRate={result.sound.sampleRate} />
            </div>
          </>
        ) : (
          <Typography.Paragraph type="secondary">{t('how.soundNone')}</Typography.Paragraph>
        )}
      </section>

      <section className="vs-how-section">
        <Typography.Title level={5}>{t('how.robotTitle')}</Typography.Title>
        <Typography.Paragraph>{t('how.robot')}</Typography.Paragraph>
        <Typography.Paragraph>{t('how.neural')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" className="vs-credit">
          {t('how.credit')}{' '}
          <a href={ESPEAK_LICENCE_URL} target="_blank" rel="noreferrer">
            {t('how.licence')}
          </a>
        </Typography.Paragraph>
      </section>
    </Card>
  );
}
