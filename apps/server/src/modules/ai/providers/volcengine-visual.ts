/**
 * Volcengine's visual (智能视觉, service `cv`) APIs for the photo lab, as its SDKs and documentation call
 * them: one signed POST to `https://visual.volcengineapi.com/?Action=<action>&Version=2022-08-31` with a JSON
 * body naming the model (`req_key`) and carrying the photo as `binary_data_base64: [<base64>]`. The answer is
 * `{ code: 10000, data: { binary_data_base64: [<base64>] }, message, request_id }` on success; a business
 * failure has another `code`, and a refused signature or key an HTTP 4xx with
 * `ResponseMetadata.Error { Code, Message }`.
 * - repair:  ConvertPhotoV2, req_key `lens_opr` (老照片修复, old-photo repair; `if_color` also colours it)
 * - enhance: EnhancePhotoV2, req_key `lens_lqir` (图像增强; `enable_hdr`, `enable_wb` white balance)
 * - superResolution: OverResolutionV2, req_key `lens_nnsr2_pic_common` (图像超分, `model_quality` MQ)
 * Results are asked for as JPEG (quality 95): a third of a PNG's bytes to send back and keep for a retry.
 */
import type { PhotoInput } from './types.ts';
import { failure } from './openai-compatible.ts';
import { volcSign } from './volcengine-signature.ts';
import { ProviderError } from './types.ts';

export const VOLC_DEFAULT_ENDPOINT = 'https://visual.volcengineapi.com/';
export const VOLC_VERSION = '2022-08-31';
export const VOLC_SERVICE = 'cv';
/** Volcengine's success code in the body. */
export const VOLC_OK = 10000;

export interface VolcSettings {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Overrides the public endpoint (tests point it at the local fake). */
  endpoint?: string;
}

export type VolcTool = 'repair' | 'enhance' | 'superResolution';

export const VOLC_TOOLS: Record<VolcTool, { action: string; reqKey: string }> = {
  repair: { action: 'ConvertPhotoV2', reqKey: 'lens_opr' },
  enhance: { action: 'EnhancePhotoV2', reqKey: 'lens_lqir' },
  superResolution: { action: 'OverResolutionV2', reqKey: 'lens_nnsr2_pic_common' },
};

export interface VolcToolOptions {
  colourise?: boolean;
  hdr?: boolean;
  whiteBalance?: boolean;
}

/** The provider-specific fields of each tool's body, beside req_key and the photo. */
function toolFields(tool: VolcTool, options: VolcToolOptions): Record<string, unknown> {
  const jpeg = { result_format: 1, jpg_quality: 95 };
  switch (tool) {
    case 'repair':
      return { if_color: options.colourise ? 1 : 0, ...jpeg };
    case 'enhance':
      return {
        resolution_boundary: '720p',
        enable_hdr: Boolean(options.hdr),
        enable_wb: options.whiteBalance !== false,
        ...jpeg,
      };
    case 'superResolution':
      return { model_quality: 'MQ', ...jpeg };
  }
}

interface VolcAnswer {
  code?: number;
  message?: string;
  data?: { binary_data_base64?: string[] } | null;
  ResponseMetadata?: { Error?: { Code?: string; Message?: string } };
}

function describeRefusal(status: number, body: VolcAnswer | undefined, text: string): string {
  const error = body?.ResponseMetadata?.Error;
  if (error) return `${error.Code ?? 'Error'}: ${error.Message ?? ''}`;
  if (body?.code !== undefined) return `${body.code}: ${body.message ?? ''}`;
  return `HTTP ${status}: ${text.slice(0, 200)}`;
}

export class VolcengineVisual {
  constructor(private readonly settings: VolcSettings) {}

  /** The tool's result picture (JPEG bytes), or a ProviderError. */
  async process(
    tool: VolcTool,
    photo: PhotoInput,
    options: VolcToolOptions,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const { action, reqKey } = VOLC_TOOLS[tool];
    const endpoint = new URL(this.settings.endpoint ?? VOLC_DEFAULT_ENDPOINT);
    const query = { Action: action, Version: VOLC_VERSION };
    const body = JSON.stringify({
      req_key: reqKey,
      binary_data_base64: [photo.data.toString('base64')],
      return_url: false,
      ...toolFields(tool, options),
    });
    const signed = volcSign({
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      region: this.settings.region,
      service: VOLC_SERVICE,
      method: 'POST',
      host: endpoint.host,
      path: endpoint.pathname || '/',
      query,
      contentType: 'application/json',
      body,
      date: new Date(),
    });
    const url = new URL(endpoint);
    url.search = new URLSearchParams(query).toString();
    try {
      const response = await fetch(url, { method: 'POST', headers: signed.headers, body, signal });
      const text = await response.text();
      let answer: VolcAnswer | undefined;
      try {
        answer = JSON.parse(text) as VolcAnswer;
      } catch {
        answer = undefined;
      }
      if (!response.ok || answer?.code !== VOLC_OK) {
        const detail = describeRefusal(response.status, answer, text);
        throw new ProviderError(`Volcengine refused ${action}: ${detail}`, 'error', response.status, detail);
      }
      const image = Buffer.from(answer.data?.binary_data_base64?.[0] ?? '', 'base64');
      if (!image.length) throw new ProviderError(`Volcengine answered ${action} without a picture`, 'error');
      return image;
    } catch (error) {
      throw failure(error, signal);
    }
  }
}

/** The settings when both keys are set (environment only), else undefined: the tools are not set up. */
export function volcSettingsOf(config: {
  accessKey?: string;
  secretKey?: string;
  baseUrl?: string;
  region: string;
}): VolcSettings | undefined {
  if (!config.accessKey || !config.secretKey) return undefined;
  return {
    accessKeyId: config.accessKey,
    secretAccessKey: config.secretKey,
    region: config.region,
    endpoint: config.baseUrl,
  };
}
