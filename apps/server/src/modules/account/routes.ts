/** Account service routes (spec §7), mounted at /api/client/verify. Thin: parse, call the service, reply. */
import {
  pickLanguage,
  sendMailRequestSchema,
  sendSmsRequestSchema,
  setPasswordRequestSchema,
  verifyLoginRequestSchema,
} from '@ai-edu/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { accountOk, languageOf, parseInput } from '../../lib/http.ts';
import type { AccountService } from './service.ts';
import { checkSignature } from './signature.ts';

export interface AccountRoutesOptions {
  service: AccountService;
  signKey: string;
  now: () => Date;
}

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { service, signKey, now },
) => {
  // Runs after the body is parsed so malformed bodies still get the account-service error shape.
  app.addHook('preHandler', async (request) => checkSignature(request, signKey, now().getTime()));

  app.post('/mail', async (request) => {
    const body = parseInput(sendMailRequestSchema, request.body);
    await service.sendCode({
      channel: 'email',
      address: body.email,
      language: body.language ? pickLanguage(body.language) : languageOf(request),
      purpose: body.purpose ?? 'login',
      ip: request.ip,
    });
    return accountOk(request, null);
  });

  app.post('/sms', async (request) => {
    const body = parseInput(sendSmsRequestSchema, request.body);
    // sms_type 86 is the only region served: a mainland China mobile number.
    if (body.sms_type !== undefined && body.sms_type !== '86') {
      throw new AppError('invalidDestination', 200, -2);
    }
    await service.sendCode({
      channel: 'sms',
      address: body.mobile,
      language: languageOf(request),
      purpose: body.purpose ?? 'login',
      ip: request.ip,
    });
    return accountOk(request, null);
  });

  app.post('/login', async (request) => {
    const body = parseInput(verifyLoginRequestSchema, request.body);
    const data = await service.verifyLogin({
      account: body.account,
      authType: body.auth_type,
      code: body.code,
      forget: body.forget,
      ip: request.ip,
    });
    return accountOk(request, data);
  });

  app.post('/password', async (request) => {
    const body = parseInput(setPasswordRequestSchema, request.body);
    await service.setPassword(body);
    return accountOk(request, null);
  });
};
