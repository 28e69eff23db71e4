/**
 * GET /api/config: what the browser needs at run time, and the addresses of the device set-up pieces
 * (issue 25: camera and microphone labs on a school network need HTTPS).
 */
import { z } from 'zod';

/** The local certificate authority's certificate, for devices to trust (application/x-x509-ca-cert). */
export const SCHOOL_CA_PATH = '/school-ca.crt';
/** The device set-up page: how to trust the CA on each kind of device; no sign-in. */
export const DEVICE_SETUP_PATH = '/setup';

export const runtimeConfigSchema = z.object({
  accountBaseUrl: z.string().min(1),
  accountSignKey: z.string().min(1),
  clientSecret: z.string().min(1),
  /**
   * The HTTPS address of this server under the name the browser used (`https://school.lan:3000`), or null
   * when the server serves plain http. A page opened over plain http links it when camera or microphone
   * cannot start.
   */
  secureUrl: z.string().nullable(),
});
export type RuntimeConfigReply = z.infer<typeof runtimeConfigSchema>;
