import { useState } from 'react';
import { Alert, Button, Spin, Tabs, Tag } from 'antd';
import { DesktopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { DownloadProgress } from '../../components/download-progress.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { RecogniseTab } from './components/recognise-tab.tsx';
import { TrainTab } from './components/train-tab.tsx';
import { SLUG } from './meta.ts';
import { useDigitLab } from './use-digit-lab.ts';
import { useTexts } from './use-texts.ts';
import type { NetworkId } from './worker-protocol.ts';
import './number-predict.css';

type TabKey = 'recognise' | 'train';

/**
 * How handwritten digit recognition works: write a digit, see the 28×28 image a small convolutional network
 * reads, its answer with the probability of every digit, and each layer's feature maps; then train a
 * network of your own in the browser. TF.js runs in the lab's worker only; the maths shared with the
 * training script lives in packages/ml/src/digits.
 */
export default function NumberPredictLab() {
  const { t } = useTexts();
  const { state, recognise, startTraining, stopTraining, retry, modelDownloads, packDownloads } =
    useDigitLab();
  const [tab, setTab] = useState<TabKey>('recognise');
  const [choice, setChoice] = useState<NetworkId>('ready');
  const hasYours = state.filters.yours !== null;
  const yoursAccuracy = hasYours ? (state.training.points.at(-1)?.test ?? null) : null;

  const backendTag = state.backend && (
    <Tag
      className="np-backend"
      variant="filled"
      color={state.backend === 'webgl' ? 'purple' : 'blue'}
      icon={state.backend === 'webgl' ? <ThunderboltOutlined /> : <DesktopOutlined />}
    >
      {t(`backend.${state.backend}`)}
    </Tag>
  );

  return (
    <LabFrame slug={SLUG} tip={t('tip')} className="np-lab" extra={backendTag || undefined}>
      {state.status === 'error' ? (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          action={<Button onClick={retry}>{t('retry')}</Button>}
        />
      ) : state.status === 'loading' ? (
        <div className="np-loading">
          <Spin size="large" />
          <span>{t('loading')}</span>
          <DownloadProgress source={modelDownloads} />
        </div>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          className="np-tabs"
          items={[
            {
              key: 'recognise',
              label: t('tabs.recognise'),
              children: (
                <RecogniseTab
                  lab={state}
                  yoursAccuracy={yoursAccuracy}
                  choice={choice}
                  onChoice={setChoice}
                  recognise={recognise}
                />
              ),
            },
            {
              key: 'train',
              label: t('tabs.train'),
              children: (
                <TrainTab
                  training={state.training}
                  hasYours={hasYours}
                  packDownloads={packDownloads}
                  onStart={(epochs, learningRate) => void startTraining(epochs, learningRate)}
                  onStop={stopTraining}
                  onTry={() => {
                    setChoice('yours');
                    setTab('recognise');
                  }}
                />
              ),
            },
          ]}
        />
      )}
    </LabFrame>
  );
}
