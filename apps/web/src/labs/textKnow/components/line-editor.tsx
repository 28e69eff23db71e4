/** The text read, one editable field per line (focusing one selects its box), with copy and download. */
import { copyText } from '../../../lib/clipboard.ts';
import { useEffect, useRef, useState } from 'react';
import { Button, Input, Space, Tooltip, type InputRef } from 'antd';
import { CheckOutlined, CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { confidenceLevel, LEVEL_COLOURS } from '../words.ts';
import { useTexts } from '../use-texts.ts';

export interface LineEditorProps {
  lines: string[];
  /** Confidence per line, where the line still belongs to a box. */
  confidences: (number | undefined)[];
  selected: number | null;
  onSelect: (index: number) => void;
  onChange: (lines: string[]) => void;
}

function downloadText(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'text.txt';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function LineEditor({ lines, confidences, selected, onSelect, onChange }: LineEditorProps) {
  const { t } = useTexts();
  const [copied, setCopied] = useState(false);
  const fields = useRef<(InputRef | null)[]>([]);
  const text = lines.join('\n');

  // A box clicked on the picture: its line scrolls into view and gets the cursor.
  useEffect(() => {
    if (selected === null) return;
    const field = fields.current[selected];
    field?.input?.scrollIntoView({ block: 'nearest' });
    field?.focus({ preventScroll: true });
  }, [selected]);

  return (
    <div className="tk-lines">
      <Space wrap>
        <Button
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => {
            // lib/clipboard.ts: the Clipboard API on https, the copy command on a plain-http school address.
            void copyText(text).then(setCopied);
            setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? t('result.copied') : t('result.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => downloadText(text)}>
          {t('result.download')}
        </Button>
      </Space>
      <ol className="tk-line-list" aria-label={t('result.linesAria')}>
        {lines.map((line, index) => {
          const confidence = confidences[index];
          const colour = confidence === undefined ? '#d9d9d9' : LEVEL_COLOURS[confidenceLevel(confidence)];
          return (
            <li key={index} className={index === selected ? 'tk-line tk-line-selected' : 'tk-line'}>
              <Tooltip
                title={
                  confidence === undefined
                    ? undefined
                    : t('result.confidence', { percent: `${Math.round(confidence * 100)}%` })
                }
              >
                <span className="tk-line-dot" style={{ background: colour }} aria-hidden="true" />
              </Tooltip>
              <Input
                ref={(field) => {
                  fields.current[index] = field;
                }}
                value={line}
                aria-label={t('result.lineAria', { n: index + 1 })}
                data-testid="ocr-line"
                onFocus={() => onSelect(index)}
                onChange={(event) => onChange(lines.map((l, i) => (i === index ? event.target.value : l)))}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
