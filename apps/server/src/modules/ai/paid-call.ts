/**
 * The pieces every paid AI route shares around the gateway's admit/commit: the provider call with its
 * deadline and the client's disconnect, the refund that never throws, and the experience-log row of a
 * delivered call (spec §7).
 */
import type { Db } from '@ai-edu/db';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { writeExperienceLog } from '../logs/service.ts';
import type { AiGateway, Admission } from './gateway.ts';
import { ProviderError } from './providers/types.ts';

/** Our own deadline plus the client going away before the answer, as one signal for the provider call. */
export function callSignal(reply: FastifyReply, timeoutMs: number) {
  const disconnect = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) disconnect.abort(new Error('client closed the connection'));
  };
  reply.raw.once('close', onClose);
  return {
    signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), disconnect.signal]),
    dispose: () => reply.raw.off('close', onClose),
  };
}

/** The catalogue message for a provider's failure: our deadline passed, or it failed. */
export function providerFailureKey(error: unknown): 'aiTimeout' | 'aiProviderFailed' {
  return error instanceof ProviderError && error.kind === 'timeout' ? 'aiTimeout' : 'aiProviderFailed';
}

/** The answer to a failed provider call (504 after our deadline, else 502); the credits were refunded. */
export function providerFailure(error: unknown): AppError {
  const key = providerFailureKey(error);
  return new AppError(key, key === 'aiTimeout' ? 504 : 502);
}

export function paidCalls(db: Db, gateway: AiGateway, log: FastifyBaseLogger, now: () => Date) {
  /**
   * Refund after a failure past the reservation. If even that fails (the database is down), the request
   * stays pending and the sweeper refunds it later; the balance then shown is the one after the reserve.
   */
  async function refundQuietly(admitted: Admission, cause: unknown): Promise<number> {
    try {
      return await gateway.refund(admitted, cause instanceof Error ? cause.message : String(cause));
    } catch (error) {
      log.error({ err: error, request: admitted.request.id }, 'refund failed; the sweeper will retry');
      return admitted.balance;
    }
  }

  /**
   * A paid call's provider request: cancelled by its timeout or by the client leaving; a failure refunds
   * the reservation and answers the provider's error (502/504).
   */
  async function callProvider<T>(
    admitted: Admission,
    reply: FastifyReply,
    timeoutMs: number,
    send: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const call = callSignal(reply, timeoutMs);
    try {
      return await send(call.signal);
    } catch (error) {
      reply.log.warn({ err: error, request: admitted.request.id }, 'provider call failed; refunded');
      await refundQuietly(admitted, error);
      throw providerFailure(error);
    } finally {
      call.dispose();
    }
  }

  /**
   * The experience-log row of a paid call (spec §7), written once its charge is kept. A failed row must not
   * turn a delivered answer into an error: it is logged instead.
   */
  const logApiUse = (request: FastifyRequest, userId: string, path: string, apiUrl: string) =>
    writeExperienceLog(
      db,
      userId,
      { type: 1, path, api_url: apiUrl, method: 'POST', timestamp: now().getTime() },
      now(),
    ).catch((error: unknown) => request.log.warn({ err: error, path }, 'experience log not written'));

  return { refundQuietly, callProvider, logApiUse };
}
