/**
 * The start-up login check of spec §4, as pure decisions: which credential to use and how the address bar
 * looks once a one-time `jwt` or `uuid` parameter has been taken out of it (so it is never bookmarked, shared
 * or left in the history).
 */
export interface LoginParams {
  jwt: string | null;
  uuid: string | null;
}

export type LoginIntent =
  | { kind: 'jwt'; jwt: string }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'stored'; uid: string }
  | { kind: 'none' };

/** Reads `jwt`/`uuid` from a URL; `cleanedUrl` is the path+query+hash to show instead, or null if unchanged. */
export function takeLoginParams(href: string): { params: LoginParams; cleanedUrl: string | null } {
  const url = new URL(href);
  const jwt = url.searchParams.get('jwt')?.trim() || null;
  const uuid = url.searchParams.get('uuid')?.trim() || null;
  if (!url.searchParams.has('jwt') && !url.searchParams.has('uuid')) {
    return { params: { jwt, uuid }, cleanedUrl: null };
  }
  url.searchParams.delete('jwt');
  url.searchParams.delete('uuid');
  return { params: { jwt, uuid }, cleanedUrl: `${url.pathname}${url.search}${url.hash}` };
}

/** A link credential wins over a stored session (single sign-on first); nothing at all means logged out. */
export function decideLoginIntent(params: LoginParams, storedUid: string | null | undefined): LoginIntent {
  if (params.jwt) return { kind: 'jwt', jwt: params.jwt };
  if (params.uuid) return { kind: 'uuid', uuid: params.uuid };
  if (storedUid) return { kind: 'stored', uid: storedUid };
  return { kind: 'none' };
}

/** Takes the parameters out of the address bar with history.replaceState, before the router reads the URL. */
export function captureLoginParams(win: Window = window): LoginParams {
  const { params, cleanedUrl } = takeLoginParams(win.location.href);
  if (cleanedUrl !== null) win.history.replaceState(win.history.state, '', cleanedUrl);
  return params;
}
