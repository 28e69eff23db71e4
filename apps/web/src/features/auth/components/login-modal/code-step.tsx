import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAIL_VIEW_DELAY_MS, RESEND_COOLDOWN_SECONDS } from '@ai-edu/contract';
import { useCountdown } from '../../hooks/use-countdown.ts';
import { CodeBoxes } from './code-boxes.tsx';

interface CodeStepProps {
  cooldownEndsAt: number | null;
  /** Checks the code and moves on; resolves to the error to show, or null when the flow continued. */
  verify: (code: string) => Promise<string | null>;
  resend: () => Promise<boolean>;
  resending: boolean;
  /** The error stayed on screen for 3 s: show the fail view. */
  onFail: (error: string) => void;
}

/** Step 2: six code boxes, a 60 s resend countdown and the inline code error. */
export function CodeStep({ cooldownEndsAt, verify, resend, resending, onFail }: CodeStepProps) {
  const { t } = useTranslation();
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [boxesKey, setBoxesKey] = useState(0);
  const left = useCountdown(cooldownEndsAt, RESEND_COOLDOWN_SECONDS);

  // The 3 s run from when the error appears; a parent re-render must not restart them.
  const fail = useEffectEvent((message: string) => onFail(message));
  useEffect(() => {
    if (error === null) return;
    const timer = setTimeout(() => fail(error), FAIL_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const submit = async (code: string) => {
    setVerifying(true);
    try {
      setError(await verify(code));
    } finally {
      setVerifying(false);
    }
  };

  const onResend = async () => {
    if (await resend()) setBoxesKey((k) => k + 1);
  };

  return (
    <div className="code-step">
      <Spin spinning={verifying} description={t('auth.verifying')}>
        <CodeBoxes
          key={boxesKey}
          onComplete={(code) => void submit(code)}
          disabled={verifying || error !== null}
          error={error !== null}
        />
      </Spin>
      <div className="code-step-error" role="alert" aria-live="assertive">
        {error !== null && <Typography.Text type="danger">{error}</Typography.Text>}
      </div>
      <div className="code-step-resend">
        <Button
          type="link"
          disabled={left > 0 || error !== null}
          loading={resending}
          onClick={() => void onResend()}
        >
          {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.resend')}
        </Button>
      </div>
    </div>
  );
}
