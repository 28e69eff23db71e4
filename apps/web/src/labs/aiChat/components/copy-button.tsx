import { useEffect, useState } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { texts } from '../i18n.ts';

interface CopyButtonProps {
  text: string;
  /** Show the label next to the icon (code blocks) or only the icon with a tooltip. */
  withLabel?: boolean;
  className?: string;
  size?: ButtonProps['size'];
}

/** Copies `text` and says so for two seconds. */
export function CopyButton({ text, withLabel = false, className, size = 'small' }: CopyButtonProps) {
  const { t } = useLabTranslation('aiChat', texts);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const label = copied ? t('copied') : t('copy');
  const button = (
    <Button
      className={className}
      type="text"
      size={size}
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      aria-label={label}
      onClick={() => {
        void copyText(text).then((ok) => {
          if (ok) setCopied(true);
          else toast(t('copyFailed'), 'warning');
        });
      }}
    >
      {withLabel ? label : null}
    </Button>
  );
  return withLabel ? button : <Tooltip title={label}>{button}</Tooltip>;
}
