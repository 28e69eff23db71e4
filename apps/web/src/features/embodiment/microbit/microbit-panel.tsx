/**
 * "A real robot: micro:bit" on /embodiment: whether this browser can connect and why, the receiver to put
 * on the micro:bit once (a download made in the page, and the flashing guide), the car board, Connect /
 * Disconnect over USB or Bluetooth, live readings and a few test buttons. Every branch leaves the teacher
 * something to do: a plain-http page still gets the receiver and the guide, with the secure-origin notice.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Collapse, Descriptions, Select, Space, Tag, Typography } from 'antd';
import {
  ApiOutlined,
  BulbOutlined,
  DisconnectOutlined,
  DownloadOutlined,
  HeartOutlined,
  SoundOutlined,
  StopOutlined,
  UsbOutlined,
} from '@ant-design/icons';
import { InsecureOriginNotice } from '../../../components/secure-origin/insecure-origin-notice.tsx';
import { isInsecureContext } from '../../../lib/secure-origin.ts';
import { BOARD_IDS, boardOf, type BoardId } from './boards.ts';
import { setConnectedRobot } from '../../../lib/robot-world/connected-robot.ts';
import { downloadText } from './download.ts';
import { MicrobitRobot, type RobotState, type RobotStatus } from './microbit-robot.ts';
import makecodeSource from './receiver-makecode.txt?raw';
import receiverSource from './receiver.py?raw';
import { useMicrobitTexts } from './texts.ts';
import './microbit.css';
import { bluetoothTransport, browserSupports, usbTransport, type TransportKind } from './transport.ts';

const BOARD_SETTING = 'embodiment.microbit.board';

function storedBoard(): BoardId {
  try {
    return boardOf(localStorage.getItem(BOARD_SETTING)).id;
  } catch {
    return boardOf(null).id;
  }
}

const STATUS_COLOUR: Partial<Record<RobotStatus, string>> = {
  connected: 'success',
  waiting: 'processing',
  connecting: 'processing',
  reconnecting: 'processing',
  noReceiver: 'warning',
  oldReceiver: 'warning',
  paused: 'default',
  error: 'error',
  unsupported: 'error',
  insecure: 'error',
};

const OPEN: readonly RobotStatus[] = [
  'waiting',
  'noReceiver',
  'oldReceiver',
  'connected',
  'reconnecting',
  'paused',
];

const NO_STATE = () => null;
const NO_SUBSCRIPTION = () => () => undefined;

/** The robot's state, following its changes (a new object on every change, so React sees each one). */
function useRobotState(robot: MicrobitRobot | null): RobotState | null {
  const subscribe = useCallback(
    (onChange: () => void) => (robot ? robot.onChange(onChange) : NO_SUBSCRIPTION()),
    [robot],
  );
  const snapshot = useCallback(() => (robot ? robot.getState() : NO_STATE()), [robot]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function ReceiverStep() {
  const t = useMicrobitTexts();
  return (
    <div className="microbit-step" data-testid="microbit-receiver">
      <h3>{t('receiver.title')}</h3>
      <p>{t('receiver.text')}</p>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => downloadText(receiverSource, 'receiver.py')}
        data-testid="microbit-download"
      >
        {t('receiver.download')}
      </Button>
      <ol className="microbit-guide" data-testid="microbit-guide">
        <li>{t('receiver.steps.one')}</li>
        <li>{t('receiver.steps.two')}</li>
        <li>{t('receiver.steps.three')}</li>
        <li>{t('receiver.steps.four')}</li>
        <li>{t('receiver.steps.five')}</li>
      </ol>
      <Typography.Paragraph type="secondary">{t('receiver.whyNoFlash')}</Typography.Paragraph>
      <Collapse
        size="small"
        items={[
          {
            key: 'source',
            label: t('receiver.source'),
            children: (
              <pre className="microbit-source" data-testid="microbit-source">
                {receiverSource}
              </pre>
            ),
          },
        ]}
      />
    </div>
  );
}

function BrowserSupport({
  insecure,
  usb,
  bluetooth,
}: {
  insecure: boolean;
  usb: boolean;
  bluetooth: boolean;
}) {
  const t = useMicrobitTexts();
  if (insecure) return <InsecureOriginNotice feature="hardware" />;
  if (!usb && !bluetooth) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="microbit-unsupported"
        title={t('browser.unsupportedTitle')}
        description={`${t('browser.unsupported')} ${t('browser.why')}`}
      />
    );
  }
  const how = [usb && t('browser.usb'), bluetooth && t('browser.bluetooth')].filter(Boolean).join(', ');
  return (
    <Alert
      type="success"
      showIcon
      data-testid="microbit-supported"
      title={t('browser.ok', { how })}
      description={t('browser.why')}
    />
  );
}

function Readings({ robot, state }: { robot: MicrobitRobot; state: RobotState }) {
  const t = useMicrobitTexts();
  const s = state.sensors;
  const none = t('readings.none');
  const button = (pressed: boolean | undefined) =>
    pressed === undefined ? none : pressed ? t('readings.pressed') : t('readings.released');
  const line = (v: number | null | undefined) => (v === null || v === undefined ? none : String(v));
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      title={t('readings.title')}
      data-testid="microbit-readings"
      items={[
        {
          key: 'a',
          label: t('readings.buttonA'),
          children: <span data-testid="reading-buttonA">{button(s?.buttonA)}</span>,
        },
        {
          key: 'b',
          label: t('readings.buttonB'),
          children: <span data-testid="reading-buttonB">{button(s?.buttonB)}</span>,
        },
        {
          key: 'tilt',
          label: t('readings.tilt'),
          children: <span data-testid="reading-tilt">{s ? `${s.accelX}, ${s.accelY}` : none}</span>,
        },
        {
          key: 'compass',
          label: t('readings.compass'),
          children: (
            <Space wrap>
              <span data-testid="reading-compass">
                {!s
                  ? none
                  : s.compass === null
                    ? t('readings.notCalibrated')
                    : t('readings.degrees', { value: s.compass })}
              </span>
              <Button
                size="small"
                onClick={() => robot.calibrateCompass()}
                title={t('readings.calibrateHint')}
              >
                {t('readings.calibrate')}
              </Button>
            </Space>
          ),
        },
        {
          key: 'light',
          label: t('readings.light'),
          children: <span data-testid="reading-light">{s ? s.light : none}</span>,
        },
        { key: 'line', label: t('readings.line'), children: `${line(s?.lineLeft)}, ${line(s?.lineRight)}` },
        {
          key: 'distance',
          label: t('readings.distance'),
          children: s?.distance == null ? none : `${s.distance} cm`,
        },
      ]}
    />
  );
}

function TestButtons({ robot }: { robot: MicrobitRobot }) {
  const t = useMicrobitTexts();
  return (
    <div className="microbit-test">
      <h4>{t('test.title')}</h4>
      <Space wrap>
        <Button icon={<BulbOutlined />} onClick={() => robot.setLed('#ff0000')}>
          {t('test.ledOn')}
        </Button>
        <Button onClick={() => robot.setLed(null)}>{t('test.ledOff')}</Button>
        <Button icon={<HeartOutlined />} onClick={() => robot.showIcon('HEART')}>
          {t('test.heart')}
        </Button>
        <Button type="primary" onClick={() => robot.setMotors(60, 60)}>
          {t('test.forward')}
        </Button>
        <Button danger icon={<StopOutlined />} onClick={() => robot.stop()}>
          {t('test.stop')}
        </Button>
        <Button icon={<SoundOutlined />} onClick={() => robot.beep(72, 0.3)}>
          {t('test.beep')}
        </Button>
      </Space>
    </div>
  );
}

export function MicrobitPanel() {
  const t = useMicrobitTexts();
  const [insecure] = useState(isInsecureContext);
  const [support] = useState(() => ({
    usb: browserSupports('usb'),
    bluetooth: browserSupports('bluetooth'),
  }));
  const [boardId, setBoardId] = useState<BoardId>(storedBoard);
  const [robot, setRobot] = useState<MicrobitRobot | null>(null);
  const state = useRobotState(robot);
  const robotRef = useRef<MicrobitRobot | null>(null);
  const board = boardOf(boardId);

  // Leaving the page stops the robot and lets the micro:bit go.
  useEffect(
    () => () => {
      const last = robotRef.current;
      if (!last) return;
      setConnectedRobot(null);
      void last.disconnect().finally(() => last.dispose());
    },
    [],
  );

  function chooseBoard(id: BoardId) {
    setBoardId(id);
    try {
      localStorage.setItem(BOARD_SETTING, id);
    } catch {
      // A private window without storage just forgets the choice.
    }
    robot?.setBoard(boardOf(id));
  }

  async function connect(kind: TransportKind) {
    let next = robot;
    if (!next || next.kind !== kind) {
      if (next) {
        await next.disconnect().catch(() => undefined);
        next.dispose();
      }
      next = new MicrobitRobot(kind === 'usb' ? usbTransport() : bluetoothTransport(), { board });
      robotRef.current = next;
      setRobot(next);
      setConnectedRobot(next);
    }
    await next.connect();
  }

  const status: RobotStatus = state?.status ?? (insecure ? 'insecure' : 'idle');
  const open = OPEN.includes(status);
  const busy = status === 'connecting';
  const cannot = insecure || (!support.usb && !support.bluetooth);

  return (
    <div className="microbit-panel" data-testid="microbit-panel">
      <h2>{t('title')}</h2>
      <p>{t('intro')}</p>
      <BrowserSupport insecure={insecure} usb={support.usb} bluetooth={support.bluetooth} />
      <div className="microbit-steps">
        <ReceiverStep />
        <div className="microbit-step" data-testid="microbit-connect">
          <h3>{t('connect.title')}</h3>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <label className="microbit-board">
              <span>{t('connect.board')}</span>
              <Select
                value={boardId}
                onChange={chooseBoard}
                style={{ minWidth: 280 }}
                aria-label={t('connect.board')}
                options={BOARD_IDS.map((id) => ({ value: id, label: t(`connect.boards.${id}`) }))}
              />
            </label>
            {board.assumed && <Typography.Text type="secondary">{t('connect.assumed')}</Typography.Text>}
            <Space wrap>
              <Button
                type="primary"
                icon={<UsbOutlined />}
                disabled={cannot || !support.usb || busy || (open && robot?.kind === 'usb')}
                onClick={() => void connect('usb')}
              >
                {t('connect.usb')}
              </Button>
              <Button
                icon={<ApiOutlined />}
                disabled={cannot || !support.bluetooth || busy || (open && robot?.kind === 'bluetooth')}
                onClick={() => void connect('bluetooth')}
              >
                {t('connect.bluetooth')}
              </Button>
              <Button
                icon={<DisconnectOutlined />}
                disabled={!robot || !open}
                onClick={() => void robot?.disconnect()}
              >
                {t('connect.disconnect')}
              </Button>
            </Space>
            <Typography.Text type="secondary">{t('connect.bluetoothNote')}</Typography.Text>
            <Collapse
              size="small"
              items={[
                {
                  key: 'makecode',
                  label: t('connect.makecode'),
                  children: (
                    <>
                      <Button
                        size="small"
                        icon={<DownloadOutlined />}
                        onClick={() => downloadText(makecodeSource, 'receiver-makecode.ts', 'text/plain')}
                      >
                        {t('connect.makecodeDownload')}
                      </Button>
                      <pre className="microbit-source" data-testid="microbit-makecode-source">
                        {makecodeSource}
                      </pre>
                    </>
                  ),
                },
              ]}
            />
            <div role="status" data-testid="microbit-status" data-status={status}>
              <Tag color={STATUS_COLOUR[status] ?? 'default'}>
                {t(`status.${status}`, { error: state?.error ?? '' })}
              </Tag>
              {state?.boardVersion && state.boardVersion !== 'unknown' && (
                <Tag>{t('status.board', { version: state.boardVersion })}</Tag>
              )}
            </div>
          </Space>
          {robot && state && status === 'connected' && (
            <>
              <Readings robot={robot} state={state} />
              <TestButtons robot={robot} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
