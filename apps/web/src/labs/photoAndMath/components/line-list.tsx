/** Every line as read, editable: a correction is marked again at once; unsure readings are orange. */
import { Input, List, Tag, Typography } from 'antd';
import type { MarkedLine } from '../use-page-reader.ts';
import { formatPercent, useTexts } from '../use-texts.ts';

export function LineList({
  lines,
  edits,
  onEdit,
}: {
  lines: MarkedLine[];
  edits: Record<number, string>;
  onEdit: (index: number, text: string) => void;
}) {
  const { t, lang } = useTexts();
  return (
    <List
      size="small"
      dataSource={lines}
      renderItem={(line, i) => (
        <List.Item
          data-testid="math-line"
          data-status={line.mark.status}
          data-unsure={line.unsure ? 'true' : 'false'}
          className={line.unsure ? 'pm-line pm-unsure' : 'pm-line'}
        >
          <Typography.Text type="secondary" className="pm-line-number">
            {t('lines.line', { n: i + 1 })}
          </Typography.Text>
          <Input
            className="pm-line-input"
            aria-label={t('lines.inputAria', { n: i + 1 })}
            value={edits[i] ?? line.read.text}
            status={line.unsure ? 'warning' : undefined}
            onChange={(event) => onEdit(i, event.target.value)}
          />
          <span className="pm-line-tags">
            {line.mark.status === 'right' && <Tag color="success">{t('lines.right')}</Tag>}
            {line.mark.status === 'wrong' && (
              <Tag color="error">{t('lines.wrong', { expected: line.mark.expected })}</Tag>
            )}
            {line.mark.status === 'unreadable' && <Tag color="orange">{t(`reason.${line.mark.reason}`)}</Tag>}
            {line.unsure && (
              <Tag color="orange">{t('lines.unsure', { percent: formatPercent(line.confidence, lang) })}</Tag>
            )}
            {line.edited && <Tag color="blue">{t('lines.edited')}</Tag>}
          </span>
        </List.Item>
      )}
    />
  );
}
