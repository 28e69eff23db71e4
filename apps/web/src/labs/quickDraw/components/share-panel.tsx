/**
 * "Teach our school's model": with the student's consent (off until they tick it), the game's drawings go to
 * the school's own set, as the network's 28 × 28 pictures with their names. A drawing the computer missed
 * can get its own name: a thing the network knows, or a word the class invented. Learners without a school
 * see why they cannot share.
 */
import { useMemo, useState } from 'react';
import { Alert, AutoComplete, Button, Card, Checkbox, Form, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { doodleLabelSchema, type DoodleSet } from '@ai-edu/contract';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { DoodleBitmap } from '../../../features/doodles/components/doodle-bitmap.tsx';
import { keyName, targetKey } from '../game.ts';
import { DoodleApiError, shareDoodles } from '../school-api.ts';
import { inputToBase64, labelFromText } from '../school-model.ts';
import type { FinishedRound } from '../use-game.ts';
import { useTexts } from '../use-texts.ts';

export interface SharePanelProps {
  rounds: readonly FinishedRound[];
  set: { data: DoodleSet | undefined; error: Error | null; loading: boolean };
  onShared: () => void;
}

export function SharePanel({ rounds, set, onShared }: SharePanelProps) {
  const { t, lang } = useTexts();
  const [consent, setConsent] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const [names, setNames] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const shareable = rounds.flatMap((round, index) => (round.reading ? [{ round, index }] : []));
  const options = useMemo(
    () =>
      [
        ...DOODLE_CATEGORIES.map((c) => keyName(c.id, lang)),
        ...(set.data?.labels.map((l) => l.label).filter((l) => !DOODLE_CATEGORIES.some((c) => c.id === l)) ??
          []),
      ].map((value) => ({ value })),
    [lang, set.data],
  );

  const membership = set.data?.membership;
  const canShare = membership === 'student' || membership === 'school';
  const nameOf = (index: number) => names[index] ?? keyName(targetKey(rounds[index]!.target), lang);
  const chosen = shareable.filter(({ index }) => !left.has(index));
  const errors = new Map(
    chosen.map(({ index }) => [
      index,
      doodleLabelSchema.safeParse(nameOf(index)).success ? null : t('share.labelRule'),
    ]),
  );
  const sent = result?.ok === true;

  const send = async () => {
    setBusy(true);
    setResult(null);
    try {
      const reply = await shareDoodles({
        consent: true,
        drawings: chosen.map(({ round, index }) => ({
          label: round.outcome === 'guessed' ? targetKey(round.target) : labelFromText(nameOf(index)),
          pixels: inputToBase64(round.reading!.input),
        })),
      });
      setResult({ ok: true, text: t('share.sent', { count: reply.total }) });
      onShared();
    } catch (error) {
      setResult({ ok: false, text: error instanceof DoodleApiError ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="qd-share" title={t('share.title')} data-testid="qd-share">
      {set.loading ? (
        <Typography.Paragraph type="secondary">{t('share.checking')}</Typography.Paragraph>
      ) : set.error ? (
        <Alert type="warning" showIcon message={t('share.setFailed', { message: set.error.message })} />
      ) : !canShare ? (
        <Alert type="info" showIcon message={t('share.noSchool')} data-testid="qd-share-no-school" />
      ) : null}
      <Checkbox
        checked={consent}
        disabled={!canShare || sent}
        onChange={(event) => setConsent(event.target.checked)}
        className="qd-consent"
      >
        {t('share.consent')}
      </Checkbox>
      <Typography.Paragraph type="secondary" className="qd-consent-help">
        {t('share.consentHelp')}
      </Typography.Paragraph>
      {consent && canShare && (
        <Form layout="vertical" className="qd-share-list" onFinish={() => void send()}>
          {shareable.map(({ round, index }) => {
            const missed = round.outcome !== 'guessed';
            const error = errors.get(index);
            const thing = keyName(targetKey(round.target), lang);
            return (
              <div key={index} className="qd-share-item" data-testid="qd-share-item">
                <DoodleBitmap
                  pixels={round.reading!.input}
                  label={t('summary.drawing', { thing })}
                  size={56}
                />
                <div className="qd-share-fields">
                  <Checkbox
                    checked={!left.has(index)}
                    disabled={sent}
                    onChange={(event) =>
                      setLeft((before) => {
                        const next = new Set(before);
                        if (event.target.checked) next.delete(index);
                        else next.add(index);
                        return next;
                      })
                    }
                  >
                    {t('share.include')}: {thing}
                  </Checkbox>
                  {missed && !left.has(index) && (
                    <Form.Item
                      label={t('share.label')}
                      help={error ?? t('share.labelHelp')}
                      validateStatus={error ? 'error' : undefined}
                      className="qd-share-label"
                    >
                      <AutoComplete
                        value={nameOf(index)}
                        options={options}
                        disabled={sent}
                        maxLength={20}
                        onChange={(value: string) => setNames((before) => ({ ...before, [index]: value }))}
                        filterOption={(input, option) =>
                          String(option?.value ?? '')
                            .toLowerCase()
                            .includes(input.trim().toLowerCase())
                        }
                        aria-label={t('share.labelAria', { thing })}
                      />
                    </Form.Item>
                  )}
                </div>
              </div>
            );
          })}
          <Button
            type="primary"
            htmlType="submit"
            icon={<CloudUploadOutlined />}
            loading={busy}
            disabled={sent || chosen.length === 0 || [...errors.values()].some(Boolean)}
          >
            {t('share.send', { count: chosen.length })}
          </Button>
          {chosen.length === 0 && !sent && (
            <Typography.Paragraph type="secondary">{t('share.nothingToShare')}</Typography.Paragraph>
          )}
        </Form>
      )}
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          message={result.text}
          className="qd-share-result"
          data-testid="qd-share-result"
        />
      )}
    </Card>
  );
}
