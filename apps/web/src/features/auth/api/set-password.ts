import { z } from 'zod';
import { passwordDigest } from '@ai-edu/contract';
import { accountRequest } from '../../../lib/account-client.ts';

/** POST {account}/password: sets the password of the account a code login identified by `uuid`. */
export function setPassword(uuid: string, rawPassword: string) {
  return accountRequest('password', { uuid, password: passwordDigest(rawPassword) }, z.unknown());
}
