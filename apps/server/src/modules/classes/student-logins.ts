/**
 * Student logins a child can type (issue 25): the part before the at-sign is made from the display name's
 * romanisation (张三 → zhangsan, Zoë → zoe), in a–z and 0–9 only, and numbered when it is taken (zhangsan2).
 * The display name stays as typed; the teacher may type another login instead.
 */
import { pinyin } from 'pinyin-pro';

/** Longest login made from a name, leaving room for a number. */
const MAX_BASE = 24;
/** A name with nothing to romanise (emoji, symbols) gets this and a number. */
const FALLBACK = 'student';

/**
 * The name in plain a–z and 0–9: Chinese characters as toneless pinyin (a surname's own reading for the first:
 * 单 → shan, 曾 → zeng; ü as v, as Chinese keyboards type it), other letters without their accents.
 */
export function romanise(name: string): string {
  const parts = pinyin(name, {
    toneType: 'none',
    type: 'array',
    surname: 'head',
    v: true,
    nonZh: 'consecutive',
  });
  return parts
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, MAX_BASE);
}

/**
 * A free login per name, in order: the romanisation, else `student`, numbered from 2 while it is in `taken` or
 * given to an earlier name of the same batch. `taken` holds logins (before the at-sign) already in use.
 */
export function suggestLogins(names: readonly string[], taken: ReadonlySet<string>): string[] {
  const used = new Set(taken);
  return names.map((name) => {
    const romanised = romanise(name);
    const base = romanised || FALLBACK;
    let login = romanised ? base : `${base}1`;
    for (let n = 2; used.has(login); n++) login = `${base}${n}`;
    used.add(login);
    return login;
  });
}
