/**
 * Passwords a child can type and a teacher can read aloud (issue 25): two short, common English words and
 * three digits, all lower case, e.g. `catmoon472`. 9–11 characters of letters and digits, so within spec §5
 * (8–12, both present). Digits 2–9 only: no 0 to read as o, no 1 to read as l. About 23 bits (128 words ×
 * 128 × 512): weaker than a random 10-character password, which is why these are only for class accounts,
 * whose sign-ins the per-account and per-address failure limits guard, and a teacher resets them in a click.
 */
import { randomInt } from 'node:crypto';
import { passwordProblem } from '@ai-edu/contract';

/** 3–4 letters each, known from a first English class, nothing a child could read as rude. */
export const PASSWORD_WORDS: readonly string[] = (
  'ant ape arm bag ball bat bear bed bee bell bike bird blue boat book box bus cake cap car cat cow ' +
  'cup desk dog door duck ear egg eye fan farm fish flag fox frog game gift goat gold hand hat hen ' +
  'hill home ice jam jet key kite lake lamp leaf leg lion map milk moon mug nest net nose nut owl pan ' +
  'park pear pen pig pink pot rain red rice ring road rock rose sand sea ship shoe sky snow sock song ' +
  'star sun tea tent toy tree van web wind wolf yak zoo bean bowl bun coat corn crab deer dot drum fig ' +
  'gem hook jar king kiwi lime mask mint nail oak pie plum rug seal swan tap toad wave yarn cub'
).split(' ');

const DIGITS = '23456789';

/** Two different words and three digits: `catmoon472`. */
export function readablePassword(): string {
  for (;;) {
    const first = PASSWORD_WORDS[randomInt(PASSWORD_WORDS.length)]!;
    const second = PASSWORD_WORDS[randomInt(PASSWORD_WORDS.length)]!;
    if (first === second) continue;
    let digits = '';
    for (let i = 0; i < 3; i++) digits += DIGITS[randomInt(DIGITS.length)];
    const password = `${first}${second}${digits}`;
    if (!passwordProblem(password)) return password;
  }
}
