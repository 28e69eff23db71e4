/**
 * The Evaluate tab: the page model's test-split results — mAP@0.5, AP per class, and each test image with
 * its labelled boxes (solid) and the model's boxes (dashed, with scores) over it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Row, Slider, Space, Statistic, Table, Typography } from 'antd';
import type { TrainImage } from '@ai-edu/contract';
import { SmallTestSplitNotice } from '../evaluation/SmallTestSplitNotice.tsx';
import type { Detection, TrainingSession } from '../training/index.ts';
import { classColor, drawBoxes, prepareCanvas, type DrawnBox } from './draw.ts';
import { useDetTexts } from './use-texts.ts';

const THUMB = 220;
/** Test pictures drawn at first (a big test split stays light); "Show more" adds as many again. */
const PAGE = 48;

/** One test image with labelled (solid) and predicted (dashed) boxes, drawn at most THUMB px wide. */
export function BoxesPicture({
  image,
  classes,
  detections,
  threshold,
  size = THUMB,
}: {
  image: Pick<TrainImage, 'url' | 'width' | 'height' | 'boxes' | 'fileName'>;
  classes: readonly string[];
  detections: readonly Detection[];
  threshold: number;
  size?: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    let live = true;
    const el = new Image();
    el.onload = () => live && setImg(el);
    el.src = image.url;
    return () => {
      live = false;
    };
  }, [image.url]);

  const w = img?.naturalWidth || image.width || 1;
  const h = img?.naturalHeight || image.height || 1;
  const scale = Math.min(size / w, size / h);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = prepareCanvas(canvas, Math.round(w * scale), Math.round(h * scale));
    if (!ctx) return;
    ctx.fillStyle = '#f0f0f0';
    ctx.fillRect(0, 0, w * scale, h * scale);
    if (img) ctx.drawImage(img, 0, 0, w * scale, h * scale);
    const drawn: DrawnBox[] = [
      ...image.boxes.map((b) => ({ ...b, color: classColor(classes.indexOf(b.label)) })),
      ...detections
        .filter((d) => d.score >= threshold)
        .map((d) => ({
          x: d.x * w,
          y: d.y * h,
          w: d.w * w,
          h: d.h * h,
          color: classColor(d.label),
          dashed: true,
          caption: `${classes[d.label] ?? d.label} ${Math.round(d.score * 100)}%`,
        })),
    ];
    drawBoxes(ctx, drawn, { scale, offsetX: 0, offsetY: 0 });
  }, [img, image.boxes, detections, threshold, classes, w, h, scale]);

  return <canvas ref={canvasRef} role="img" aria-label={image.fileName} style={{ borderRadius: 4 }} />;
}

export function EvaluatePanel({
  session,
  images,
}: {
  session: TrainingSession;
  images: readonly TrainImage[];
}) {
  const { t } = useDetTexts();
  const [threshold, setThreshold] = useState(0.3);
  const [shownCount, setShownCount] = useState(PAGE);
  const evaluation = session.model?.evaluation;
  const byId = useMemo(() => new Map(images.map((im) => [im.id, im])), [images]);

  if (!session.model) return <Alert type="info" showIcon title={t('evaluate.none')} />;
  if (!evaluation || evaluation.metrics.task !== 'det') {
    return <Alert type="info" showIcon title={t('evaluate.noTest')} />;
  }
  const metrics = evaluation.metrics;
  const testImages = evaluation.predictions
    .map((p) => ({ prediction: p, image: byId.get(p.imageId) }))
    .filter((row): row is { prediction: typeof row.prediction; image: TrainImage } => !!row.image);
  const labelled = new Map<string, number>();
  for (const { image } of testImages) {
    for (const b of image.boxes) labelled.set(b.label, (labelled.get(b.label) ?? 0) + 1);
  }
  const rows = metrics.classes.map((name, i) => ({
    key: name,
    name,
    ap: metrics.perClassAp[i] ?? 0,
    boxes: labelled.get(name) ?? 0,
  }));

  return (
    <div data-testid="det-evaluation" data-map={metrics.map}>
      <SmallTestSplitNotice images={evaluation.predictions.length} classes={metrics.classes.length} />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t('evaluate.map')}
              value={Math.round(metrics.map * 1000) / 10}
              suffix="%"
              valueStyle={{ fontSize: 36 }}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('evaluate.mapHelp')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card size="small" title={t('evaluate.perClass')}>
            <Table
              size="small"
              pagination={false}
              dataSource={rows}
              data-testid="det-ap-table"
              columns={[
                {
                  title: t('evaluate.className'),
                  dataIndex: 'name',
                  render: (name: string, _row, i) => <span style={{ color: classColor(i) }}>{name}</span>,
                },
                {
                  title: t('evaluate.ap'),
                  dataIndex: 'ap',
                  render: (ap: number) => `${(ap * 100).toFixed(1)}%`,
                },
                { title: t('evaluate.boxes'), dataIndex: 'boxes' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        style={{ marginTop: 16 }}
        title={`${t('evaluate.images')} (${testImages.length})`}
        extra={
          <Space>
            <Typography.Text>{t('evaluate.threshold')}</Typography.Text>
            <Slider
              min={0.05}
              max={0.95}
              step={0.05}
              value={threshold}
              onChange={setThreshold}
              style={{ width: 140 }}
            />
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('evaluate.legend')}</Typography.Paragraph>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {testImages.slice(0, shownCount).map(({ image, prediction }) => (
            <div
              key={image.id}
              data-testid="det-eval-image"
              data-detections={JSON.stringify(prediction.detections ?? [])}
            >
              <BoxesPicture
                image={image}
                classes={metrics.classes}
                detections={prediction.detections ?? []}
                threshold={threshold}
              />
            </div>
          ))}
        </div>
        {testImages.length > shownCount && (
          <Button style={{ marginTop: 8 }} onClick={() => setShownCount((n) => n + PAGE)}>
            {t('evaluate.more', { count: testImages.length - shownCount })}
          </Button>
        )}
      </Card>
    </div>
  );
}
