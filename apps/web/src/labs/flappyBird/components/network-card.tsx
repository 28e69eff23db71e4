import { useEffect, useMemo, useRef } from 'react';
import { Card } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import type { FlappyController } from '../game/controller.ts';
import { texts } from '../i18n.ts';

/** The leading bird's network; the controller draws it every frame while this canvas is mounted. */
export function NetworkCard({ controller }: { controller: FlappyController }) {
  const { t } = useLabTranslation('flappyBird', texts);
  const labels = useMemo(
    () => ({
      inputs: [t('ai.inputs.distance'), t('ai.inputs.height'), t('ai.inputs.velocity')],
      hidden: t('ai.hidden'),
      output: t('ai.output'),
      flap: t('ai.flap'),
    }),
    [t],
  );
  useEffect(() => controller.setLabels(labels), [controller, labels]);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    controller.setNetworkCanvas(canvas.current);
    return () => controller.setNetworkCanvas(null);
  }, [controller]);
  return (
    <Card
      className="fb-card fb-network"
      title={
        <span className="fb-card-title">
          <NodeIndexOutlined /> {t('ai.network')}
        </span>
      }
    >
      <canvas ref={canvas} className="fb-network-canvas" role="img" aria-label={t('ai.network')} />
      <p className="fb-muted fb-small">{t('ai.networkHint')}</p>
    </Card>
  );
}
