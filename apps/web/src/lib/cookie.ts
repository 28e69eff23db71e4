/** Small cookie helpers; lifetimes are in minutes as the spec counts them. */

export function cookieString(name: string, value: string, minutes: number, now: number = Date.now()): string {
  const expires = new Date(now + minutes * 60_000).toUTCString();
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function setCookie(name: string, value: string, minutes: number): void {
  document.cookie = cookieString(name, value, minutes);
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const hit = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return hit === undefined ? null : decodeURIComponent(hit.slice(prefix.length));
}

/** Expiring in the past makes the browser drop the cookie at once. */
export function expireCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}
