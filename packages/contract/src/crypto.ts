/**
 * Wire-level hashing shared by the browser and the server. @noble/hashes works without WebCrypto, so a
 * school that serves the platform over plain http on its LAN (no secure context) still signs correctly.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

export function hmacSha256Hex(key: string, text: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(text)));
}

/** Passwords travel as the lowercase hex SHA-256 of the raw password; the server hashes that again with scrypt. */
export function passwordDigest(rawPassword: string): string {
  return sha256Hex(rawPassword);
}

/** What an account-service request signs: `METHOD\npathname\nC-Date`. */
export function signingString(method: string, pathname: string, cDate: string): string {
  return `${method.toUpperCase()}\n${pathname}\n${cDate}`;
}

export function signRequest(key: string, method: string, pathname: string, cDate: string): string {
  return hmacSha256Hex(key, signingString(method, pathname, cDate));
}

/** The current hour in UTC+8 as YYYYMMDDHH (China Standard Time has no daylight saving). */
export function chinaHourStamp(at: Date): string {
  const cst = new Date(at.getTime() + 8 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${cst.getUTCFullYear()}${pad(cst.getUTCMonth() + 1)}${pad(cst.getUTCDate())}${pad(cst.getUTCHours())}`;
}

/** `secret` of /api/login_stu: HMAC-SHA256(CLIENT_SECRET, hour stamp in UTC+8). */
export function hourlySecret(clientSecret: string, at: Date): string {
  return hmacSha256Hex(clientSecret, chinaHourStamp(at));
}
