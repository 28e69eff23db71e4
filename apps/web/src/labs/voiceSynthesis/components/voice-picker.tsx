/**
 * The voice list, grouped by the engine that makes the sound (this computer, the school server, the cloud),
 * with a line under it saying where the chosen voice is made, and why a group is empty when it is.
 */
import { Select, Tag, Typography } from 'antd';
import { ESPEAK_CHOICES, voiceKey, type VoiceChoice, type VoiceEngine } from '../voices.ts';
import { useTexts } from '../use-texts.ts';

const ENGINE_COLORS: Record<VoiceEngine, string> = { browser: 'green', espeak: 'blue', cloud: 'purple' };

export interface VoicePickerProps {
  value: VoiceChoice;
  onChange: (choice: VoiceChoice) => void;
  browserVoices: VoiceChoice[];
  browserSupported: boolean;
  /** The school has a cloud voice set up. */
  cloudReady: boolean;
}

export function EngineTag({ engine }: { engine: VoiceEngine }) {
  const { t } = useTexts();
  return (
    <Tag color={ENGINE_COLORS[engine]} className="vs-engine-tag">
      {t(`voice.tags.${engine}`)}
    </Tag>
  );
}

export function VoicePicker({
  value,
  onChange,
  browserVoices,
  browserSupported,
  cloudReady,
}: VoicePickerProps) {
  const { t } = useTexts();
  const label = (choice: VoiceChoice) => {
    if (choice.engine === 'browser') return `${choice.name} (${choice.lang})`;
    if (choice.engine === 'espeak') return t(`voice.espeakNames.${choice.voice}`);
    return t('voice.cloudName');
  };
  const option = (choice: VoiceChoice) => ({
    value: voiceKey(choice),
    label: (
      <span className="vs-voice-option">
        <span>{label(choice)}</span>
        <EngineTag engine={choice.engine} />
      </span>
    ),
    // Search matches the voice's name.
    title: label(choice),
  });
  const cloud: VoiceChoice[] = cloudReady ? [{ engine: 'cloud' }] : [];
  const groups = [
    { label: t('voice.groups.browser'), options: browserVoices.map(option) },
    { label: t('voice.groups.espeak'), options: ESPEAK_CHOICES.map(option) },
    { label: t('voice.groups.cloud'), options: cloud.map(option) },
  ].filter((group) => group.options.length > 0);
  const all = [...browserVoices, ...ESPEAK_CHOICES, ...cloud];

  return (
    <div className="vs-voice-picker">
      <Select
        id="vs-voice"
        className="vs-voice-select"
        aria-label={t('voice.label')}
        data-testid="voice-select"
        value={voiceKey(value)}
        options={groups}
        showSearch
        optionFilterProp="title"
        onChange={(key: string) => {
          const choice = all.find((c) => voiceKey(c) === key);
          if (choice) onChange(choice);
        }}
      />
      <Typography.Paragraph className="vs-engine-line" data-testid="voice-engine">
        <EngineTag engine={value.engine} /> {t(`voice.engines.${value.engine}`)}
      </Typography.Paragraph>
      <ul className="vs-voice-notes">
        {!browserSupported && <li>{t('voice.browserUnsupported')}</li>}
        {browserSupported && browserVoices.length === 0 && (
          <li data-testid="no-browser-voices">{t('voice.browserNone')}</li>
        )}
        {!cloudReady && <li data-testid="no-cloud-voice">{t('voice.cloudMissing')}</li>}
      </ul>
    </div>
  );
}
