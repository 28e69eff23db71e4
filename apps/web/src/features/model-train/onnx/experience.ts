/**
 * Spec §7: the calls `onnx/upload` and `evaluation` are logged as experience logs after they succeed. The lab
 * helper `logApiUse` logs only on /ailab pages; model training lives at /modelTrain, so it logs directly.
 */
import { EXPERIENCE_LEAVE, logExperience } from '../../../lib/activity-log.ts';

export function logTrainApiUse(apiUrl: '/api/onnx/upload' | '/api/evaluation'): void {
  logExperience({
    type: EXPERIENCE_LEAVE,
    path: window.location.pathname,
    api_url: apiUrl,
    method: 'POST',
    timestamp: Date.now(),
  });
}
