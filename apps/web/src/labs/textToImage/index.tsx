/**
 * AI painting (spec §2 `textToImage`): a description, a style and a size become a picture. A painting costs
 * credits (shown on the button) and is charged only when the picture arrives; every painting is kept on the
 * server in the user's gallery, with a download link.
 *
 * Its offline mode is the tiny painter (painter/): on a server without an image provider the lab opens there;
 * with one, a switch between the cloud AI and the tiny painter (`?mode=tiny`). Its pictures join the same
 * gallery, free. An admin also gets the switch without a provider, to find the set-up instructions.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Input, Skeleton } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TextToImageRequest } from '@ai-edu/contract';
import { CostButton } from '../../components/cost-button.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { LabModeSwitch } from '../../components/lab-mode-switch.tsx';
import { callApi } from '../../lib/api-request.ts';
import { useLabMode } from '../../lib/lab-mode.ts';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { toast } from '../../lib/toast.ts';
import { galleryKey, imagePath, paint, paintingCost, PaintError, useAiStatus, useGallery } from './api.ts';
import { Gallery } from './components/gallery.tsx';
import { NotConfigured } from './components/not-configured.tsx';
import { PaintingCanvas, type CanvasState } from './components/painting-canvas.tsx';
import { SizePicker } from './components/size-picker.tsx';
import { StylePicker, type ImageStyle } from './components/style-picker.tsx';
import { texts } from './i18n.ts';
import { newRequestKey, type ImageSize } from './paint-logic.ts';
import { PainterMode } from './painter/painter-mode.tsx';
import { applyBalance } from '../../lib/credit-balance.ts';
import './paint.css';

const MAX_PROMPT = 1000;

export default function TextToImageLab() {
  const { t } = useLabTranslation('textToImage', texts);
  const status = useAiStatus();
  const { mode, setMode, switchable } = useLabMode(status.data?.image !== false);
  const switcher = switchable ? (
    <LabModeSwitch
      mode={mode}
      onChange={setMode}
      label={t('painter.modeLabel')}
      cloud={t('painter.modes.cloud')}
      tiny={t('painter.modes.tiny')}
    />
  ) : undefined;

  if (status.isPending) {
    return (
      <LabFrame slug="textToImage" className="paint-page">
        <div className="paint-panel paint-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </LabFrame>
    );
  }
  if (mode === 'tiny') {
    return (
      <LabFrame slug="textToImage" className="paint-page" tip={t('painter.tip')} extra={switcher}>
        <PainterMode />
        <GallerySection />
      </LabFrame>
    );
  }
  return <CloudPainting switcher={switcher} />;
}

/** The user's gallery kept on the server (both modes' pictures); `onDeleted` hears what was deleted. */
function GallerySection({ onDeleted }: { onDeleted?: (id: string) => void }) {
  const { t } = useLabTranslation('textToImage', texts);
  const queryClient = useQueryClient();
  const gallery = useGallery();

  const remove = async (id: string) => {
    try {
      await callApi(imagePath(id), { method: 'DELETE' }, z.null());
    } catch {
      return; // callApi told the user.
    }
    onDeleted?.(id);
    toast(t('gallery.deleted'), 'success');
    await queryClient.invalidateQueries({ queryKey: galleryKey });
  };

  return <Gallery paintings={gallery.data} loading={gallery.isPending} onDelete={(id) => void remove(id)} />;
}

/** The cloud painting studio (a provider on the server), or an admin's set-up instructions where there is none. */
function CloudPainting({ switcher }: { switcher: ReactNode }) {
  const { t, tApp } = useLabTranslation('textToImage', texts);
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState<ImageStyle>('none');
  const [size, setSize] = useState<ImageSize>('1024x1024');
  const [canvas, setCanvas] = useState<CanvasState>({ kind: 'empty' });
  const [notConfigured, setNotConfigured] = useState(false);
  /** The last request, sent again with its key on retry: never charged twice. */
  const lastRequest = useRef<TextToImageRequest | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  /** On narrow screens the canvas sits below the form: bring it into view when something happens there. */
  const canvasRef = useRef<HTMLDivElement>(null);
  const showCanvas = () =>
    requestAnimationFrame(() => canvasRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));

  // Leaving the page cancels the painting; the server refunds it.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const cost = paintingCost(status.data);
  const costText = tApp('lab.cost', { count: cost });
  const painting = canvas.kind === 'painting';
  const configured = status.data?.image !== false && !notConfigured;

  const run = (request: TextToImageRequest) => {
    lastRequest.current = request;
    const controller = new AbortController();
    controllerRef.current = controller;
    setCanvas({ kind: 'painting', startedAt: Date.now(), size: request.size ?? '1024x1024' });
    showCanvas();
    paint(request, controller.signal)
      .then((result) => {
        applyBalance(queryClient, result.balance);
        setCanvas({ kind: 'done', painting: result });
        void queryClient.invalidateQueries({ queryKey: galleryKey });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof PaintError) {
          if (error.problem.kind === 'notConfigured') {
            setNotConfigured(true);
            void queryClient.invalidateQueries({ queryKey: ['ai-status'] });
          }
          setCanvas({ kind: 'failed', problem: error.problem });
        } else {
          const message = error instanceof Error ? error.message : String(error);
          setCanvas({ kind: 'failed', problem: { kind: 'generic', message } });
        }
      })
      .finally(() => {
        if (controllerRef.current === controller) controllerRef.current = null;
      });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (!text || painting) return;
    run({ prompt: text, style, size, idempotencyKey: newRequestKey() });
  };

  const retry = () => {
    if (lastRequest.current && !painting) run(lastRequest.current);
  };

  const ideas = [t('prompt.example1'), t('prompt.example2'), t('prompt.example3')];

  return (
    <LabFrame slug="textToImage" className="paint-page" tip={t('tip', { cost: costText })} extra={switcher}>
      {!configured ? (
        <div className="paint-panel">
          <NotConfigured />
        </div>
      ) : (
        <div className="paint-studio">
          <form className="paint-panel paint-form" onSubmit={submit}>
            <label className="paint-label" htmlFor="paint-prompt">
              {t('prompt.label')}
            </label>
            <Input.TextArea
              id="paint-prompt"
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              placeholder={t('prompt.placeholder')}
              autoSize={{ minRows: 3, maxRows: 6 }}
              maxLength={MAX_PROMPT}
              showCount
              disabled={painting}
              className="paint-prompt"
            />
            <div className="paint-ideas" role="group" aria-label={t('prompt.examples')}>
              <BulbOutlined className="paint-ideas-icon" aria-hidden="true" />
              {ideas.map((idea) => (
                <button
                  key={idea}
                  type="button"
                  className="paint-idea"
                  disabled={painting}
                  onClick={() => setPrompt(idea)}
                >
                  {idea}
                </button>
              ))}
            </div>
            <StylePicker value={style} onChange={setStyle} disabled={painting} />
            <SizePicker value={size} onChange={setSize} disabled={painting} />
            <CostButton
              type="primary"
              size="large"
              htmlType="submit"
              cost={cost}
              loading={painting}
              disabled={prompt.trim() === ''}
              className="paint-submit"
            >
              {painting ? t('painting') : t('paint')}
            </CostButton>
            <p className="paint-rule">{t('chargeRule')}</p>
          </form>
          <div className="paint-panel paint-canvas" ref={canvasRef}>
            <PaintingCanvas state={canvas} cost={costText} onRetry={retry} />
          </div>
        </div>
      )}
      <GallerySection
        onDeleted={(id) => {
          if (canvas.kind === 'done' && canvas.painting.id === id) setCanvas({ kind: 'empty' });
        }}
      />
    </LabFrame>
  );
}
