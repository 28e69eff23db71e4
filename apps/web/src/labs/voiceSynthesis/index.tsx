/**
 * Speech synthesis (voiceSynthesis): text in, a voice from one of three engines — this computer's own
 * voices, the school server's built-in eSpeak NG, or a cloud voice when the school set one up — speed and
 * pitch, then play, stop and download. "How it works" shows the phonemes eSpeak wrote for the text and the
 * waveform and spectrogram of the sound. Works with no cloud voice configured.
 */
import { useState } from 'react';
import { Alert, Button, Card, Input, Slider, Space, Typography } from 'antd';
import { DownloadOutlined, SoundOutlined, StopOutlined } from '@ant-design/icons';
import { SYNTHESIS_MAX_CHARS } from '@ai-edu/contract';
import { CostButton } from '../../components/cost-button.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { ProviderNotConfigured } from '../../components/provider-not-configured.tsx';
import { aiProblemText } from '../../lib/ai-problem.ts';
import { labCost, useAiStatus } from '../../lib/ai-status.ts';
import { useBrowserVoices } from './browser-voices.ts';
import { HowItWorks } from './components/how-it-works.tsx';
import { VoicePicker } from './components/voice-picker.tsx';
import { downloadWav } from './sound.ts';
import { settingsKeyOf, useSynthesis } from './use-synthesis.ts';
import { SLUG, useTexts } from './use-texts.ts';
import {
  cloudVoiceReady,
  downloadName,
  languageMismatch,
  looksChinese,
  textProblem,
  type VoiceChoice,
} from './voices.ts';
import './voice-synthesis.css';

const SAMPLE_IDS = ['zhHello', 'zhPoem', 'enHello', 'enFox'] as const;

export default function VoiceSynthesisLab() {
  const { t, tApp, language } = useTexts();
  const english = language === 'en';
  const [text, setText] = useState(() => t(english ? 'text.sample.enHello' : 'text.sample.zhHello'));
  const [choice, setChoice] = useState<VoiceChoice>({ engine: 'espeak', voice: english ? 'en-us' : 'cmn' });
  const [speed, setSpeed] = useState(1);
  const [pitch, setPitch] = useState(1);
  const browser = useBrowserVoices();
  const status = useAiStatus();
  const cloudReady = cloudVoiceReady(status.data);
  const synthesis = useSynthesis();
  const { phase, result, problem } = synthesis;

  const cost = labCost(status.data, 'voiceSynthesis');
  const costText = tApp('lab.cost', { count: cost });
  const textIssue = textProblem(text);
  const length = text.trim().length;
  const settings = { text, choice, speed, pitch };
  const current = result && result.settingsKey === settingsKeyOf(settings) ? result : null;
  const busy = phase === 'working';
  const speak = () => void synthesis.speak(settings);

  return (
    <LabFrame slug={SLUG} tip={t('tip')} className="vs-lab">
      <div className="vs-columns">
        <div className="vs-controls">
          <Card title={t('text.title')} className="vs-card">
            <Input.TextArea
              aria-label={t('text.label')}
              data-testid="speech-text"
              value={text}
              placeholder={t('text.placeholder')}
              autoSize={{ minRows: 3, maxRows: 8 }}
              status={textIssue === 'tooLong' ? 'error' : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <div className="vs-counter-row">
              <Typography.Text
                type={textIssue === 'tooLong' ? 'danger' : 'secondary'}
                data-testid="speech-counter"
              >
                {t('text.counter', { count: length, max: SYNTHESIS_MAX_CHARS })}
              </Typography.Text>
            </div>
            {textIssue === 'tooLong' && (
              <Alert
                type="error"
                showIcon
                data-testid="text-too-long"
                message={t('text.tooLong', { max: SYNTHESIS_MAX_CHARS, extra: length - SYNTHESIS_MAX_CHARS })}
              />
            )}
            <Space wrap className="vs-samples">
              <Typography.Text type="secondary">{t('text.samples')}</Typography.Text>
              {SAMPLE_IDS.map((id) => (
                <Button key={id} size="small" onClick={() => setText(t(`text.sample.${id}`))}>
                  {t(`text.sample.${id}`)}
                </Button>
              ))}
            </Space>
          </Card>

          <Card title={t('voice.title')} className="vs-card">
            <VoicePicker
              value={choice}
              onChange={setChoice}
              browserVoices={browser.voices}
              browserSupported={browser.supported}
              cloudReady={cloudReady}
            />
            {languageMismatch(text, choice) && (
              <Alert
                type="warning"
                showIcon
                data-testid="language-mismatch"
                message={t(looksChinese(text) ? 'text.mismatchZh' : 'text.mismatchEn')}
              />
            )}
            {status.data && !cloudReady && (
              <ProviderNotConfigured
                className="vs-not-configured"
                backToLabs={false}
                title={t('notConfigured.title')}
                text={t('notConfigured.text')}
                adminText={t('notConfigured.adminText')}
                settings={[
                  ['AI_TTS_VENDOR', t('notConfigured.vendor')],
                  ['AI_TTS_BASE_URL', t('notConfigured.baseUrl')],
                  ['AI_TTS_API_KEY', t('notConfigured.apiKey')],
                  ['AI_TTS_MODEL', t('notConfigured.model')],
                ]}
                docs={t('notConfigured.docs')}
              />
            )}
          </Card>

          <Card title={t('controls.title')} className="vs-card">
            <div className="vs-slider">
              <Typography.Text id="vs-speed">{t('controls.speed')}</Typography.Text>
              <Slider
                aria-labelledby="vs-speed"
                min={0.5}
                max={2}
                step={0.1}
                value={speed}
                onChange={setSpeed}
                marks={{ 0.5: t('controls.slow'), 1: t('controls.normal'), 2: t('controls.fast') }}
              />
            </div>
            <div className="vs-slider">
              <Typography.Text id="vs-pitch">{t('controls.pitch')}</Typography.Text>
              <Slider
                aria-labelledby="vs-pitch"
                min={0.5}
                max={2}
                step={0.1}
                value={pitch}
                onChange={setPitch}
                disabled={choice.engine === 'cloud'}
                marks={{ 0.5: t('controls.low'), 1: t('controls.normal'), 2: t('controls.high') }}
              />
            </div>
            <Space wrap className="vs-actions">
              {choice.engine === 'cloud' ? (
                <CostButton
                  cost={cost}
                  type="primary"
                  data-testid="speak"
                  loading={busy}
                  disabled={textIssue !== undefined}
                  onClick={speak}
                >
                  {busy ? t('controls.speaking') : t('controls.cloudSpeak')}
                </CostButton>
              ) : (
                <Button
                  type="primary"
                  icon={<SoundOutlined />}
                  data-testid="speak"
                  loading={busy}
                  disabled={textIssue !== undefined}
                  onClick={speak}
                >
                  {busy ? t('controls.speaking') : t('controls.speak')}
                </Button>
              )}
              <Button icon={<StopOutlined />} disabled={phase === 'idle'} onClick={synthesis.stop}>
                {t('controls.stop')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                data-testid="download"
                disabled={!current}
                onClick={() => current && downloadWav(current.sound.wav, downloadName(choice, text))}
              >
                {t('controls.download')}
              </Button>
            </Space>
            {choice.engine === 'browser' && (
              <Typography.Paragraph type="secondary" className="vs-note">
                {t('controls.browserNoDownload')}
              </Typography.Paragraph>
            )}
            {choice.engine === 'cloud' && (
              <Typography.Paragraph type="secondary" className="vs-note">
                {t('controls.chargeRule')}
              </Typography.Paragraph>
            )}
            <div role="status" aria-live="polite" className="vs-status">
              {current && (
                <Typography.Text type="secondary" data-testid="sound-length">
                  {t('controls.seconds', {
                    seconds: (current.sound.samples.length / current.sound.sampleRate).toFixed(1),
                  })}
                </Typography.Text>
              )}
              {current?.settings.choice.engine === 'cloud' && (
                <Alert
                  type="success"
                  showIcon
                  message={
                    synthesis.replayed || !current.charged
                      ? t('controls.cloudReplay')
                      : t('controls.cloudDone', { cost: costText })
                  }
                />
              )}
              {problem && (
                <Alert
                  type="error"
                  showIcon
                  data-testid="speech-error"
                  message={aiProblemText(problem, t, costText)}
                  action={
                    ['engine', 'network', 'provider', 'busy', 'generic'].includes(problem.kind) ? (
                      <Button size="small" onClick={speak}>
                        {t('errors.retry')}
                      </Button>
                    ) : undefined
                  }
                />
              )}
            </div>
          </Card>
        </div>

        <HowItWorks text={text} result={result} />
      </div>
    </LabFrame>
  );
}
