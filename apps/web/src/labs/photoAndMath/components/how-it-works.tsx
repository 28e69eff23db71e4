/**
 * "How it works": the steps, what each character looked like to the network with its top-3 guesses
 * (handwritten) or how sure the OCR was of each character (printed), and the exact arithmetic of each line.
 */
import { useEffect, useRef } from 'react';
import { Collapse, Space, Typography } from 'antd';
import { DIGIT_SIZE } from '@ai-edu/ml/digits/preprocess.ts';
import { normaliseLine } from '@ai-edu/ml/math/normalise.ts';
import { evaluate, formatExpr, parseLine } from '@ai-edu/ml/math/parse.ts';
import { formatAnswer } from '@ai-edu/ml/math/mark.ts';
import type { PageChar, ReadMode } from '../read-page.ts';
import type { MarkedLine } from '../use-page-reader.ts';
import { formatPercent, useTexts } from '../use-texts.ts';

/** The 28×28 input as a small picture (ink dark on white, as written). */
function CropImage({ input }: { input: Float32Array }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = ref.current?.getContext('2d');
    if (!context) return;
    const image = context.createImageData(DIGIT_SIZE, DIGIT_SIZE);
    input.forEach((v, i) => {
      const level = 255 - Math.round(Math.min(1, v) * 255);
      image.data.set([level, level, level, 255], i * 4);
    });
    context.putImageData(image, 0, 0);
  }, [input]);
  return <canvas ref={ref} width={DIGIT_SIZE} height={DIGIT_SIZE} className="pm-crop" />;
}

function CharCard({ char, lang }: { char: PageChar; lang: 'en' | 'zh-CN' }) {
  return (
    <div className="pm-char" data-testid="math-char">
      {char.input ? <CropImage input={char.input} /> : <span className="pm-char-text">{char.text}</span>}
      {(char.guesses ?? [{ symbol: char.text, probability: char.confidence }]).map((g) => (
        <div key={g.symbol} className="pm-guess">
          <b>{g.symbol}</b> {formatPercent(g.probability, lang)}
        </div>
      ))}
    </div>
  );
}

/** "(12 + 8) × 3 = 60" for a line that parses; nothing otherwise. */
function arithmetic(text: string): string | null {
  try {
    const { expr } = parseLine(normaliseLine(text));
    return `${formatExpr(expr)} = ${formatAnswer(evaluate(expr))}`;
  } catch {
    return null;
  }
}

export function HowItWorks({
  lines,
  mode,
  accuracy,
}: {
  lines: MarkedLine[];
  mode: ReadMode;
  accuracy: string | null;
}) {
  const { t, lang } = useTexts();
  const body = (
    <Space direction="vertical" size="middle" className="pm-how">
      <Typography.Paragraph>{t('how.steps')}</Typography.Paragraph>
      <Typography.Paragraph>{t(mode === 'printed' ? 'how.printed' : 'how.handwritten')}</Typography.Paragraph>
      {mode === 'handwritten' && accuracy && (
        <Typography.Paragraph type="secondary">{accuracy}</Typography.Paragraph>
      )}
      <Typography.Text type="secondary">{t('how.lineBoxes')}</Typography.Text>
      <Typography.Title level={5}>{t(mode === 'printed' ? 'how.chars' : 'how.crops')}</Typography.Title>
      {lines.map((line, i) => (
        <div key={i} className="pm-how-line">
          <Typography.Text strong>{t('lines.line', { n: i + 1 })}</Typography.Text>
          <div className="pm-chars">
            {line.read.chars.map((char, k) => (
              <CharCard key={k} char={char} lang={lang} />
            ))}
          </div>
        </div>
      ))}
      <Typography.Title level={5}>{t('how.arithmetic')}</Typography.Title>
      <ol className="pm-arithmetic">
        {lines.map((line, i) => (
          <li key={i}>
            <code>{arithmetic(line.text) ?? '—'}</code>
          </li>
        ))}
      </ol>
    </Space>
  );
  return <Collapse items={[{ key: 'how', label: t('how.title'), children: body }]} />;
}
