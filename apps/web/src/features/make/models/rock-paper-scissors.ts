/**
 * Rock, paper, scissors against the computer with the student's own three-label image model (issue 26): the
 * studio offers it when a trainer's "Use in a program" opens a model with exactly three labels
 * (model-starter.ts). The model's labels are the three hands in the order they were trained, each beating the
 * one before it and the first beating the last: rock, paper, scissors when trained in that order. The model
 * is only read (`model_label`, its extra state naming the model); the computer's random choice, the
 * comparison and the score are ordinary blocks the student can read and change. Pure: tested in Node.
 */
import type { MakeWorkspace } from '@ai-edu/contract';
import type { ModelRef } from './model-refs.ts';
import {
  changeVar,
  equals,
  getVar,
  num,
  setVar,
  stack,
  text,
  value,
  wait,
  type Block,
  type Json,
} from './block-json.ts';

/** What the program says, and its variables' names, in the student's language (models/i18n.ts `rps`). */
export interface RockPaperScissorsTexts {
  hello: string;
  count: string;
  mine: string;
  draw: string;
  youWin: string;
  iWin: string;
  vs: string;
  wins: string;
  losses: string;
  choices: string;
  you: string;
  mineVar: string;
  yours: string;
}

const join = (...parts: Json[]): Block => ({
  type: 'text_join',
  extraState: { itemCount: parts.length },
  inputs: Object.fromEntries(parts.map((part, i) => [`ADD${i}`, value(part)])),
});
const say = (what: Json): Block => ({ type: 'sprite_say', inputs: { TEXT: value(what) } });

export function rockPaperScissorsWorkspace(model: ModelRef, t: RockPaperScissorsTexts): MakeWorkspace {
  const extraState = { model };
  const chosen = {
    type: 'lists_getIndex',
    fields: { MODE: 'GET', WHERE: 'FROM_START' },
    inputs: { VALUE: value(getVar('choices')), AT: value(getVar('mine')) },
  };
  const score = [getVar('wins'), text(t.vs), getVar('losses')];
  // Yours beats mine when it is the next one after mine: (mine mod 3) + 1.
  const nextAfterMine = {
    type: 'math_arithmetic',
    fields: { OP: 'ADD' },
    inputs: {
      A: value({
        type: 'math_modulo',
        inputs: { DIVIDEND: value(getVar('mine')), DIVISOR: num(3) },
      }),
      B: num(1),
    },
  };
  const round = stack(
    { type: 'event_when_key_pressed', x: 40, y: 260, fields: { KEY: 'space' } },
    say(text(t.count)),
    wait(1),
    setVar('you', { type: 'model_label', extraState }),
    setVar('mine', { type: 'math_random_int', inputs: { FROM: num(1), TO: num(3) } }),
    setVar('yours', {
      type: 'lists_indexOf',
      fields: { END: 'FIRST' },
      inputs: { VALUE: value(getVar('choices')), FIND: value(getVar('you')) },
    }),
    {
      type: 'controls_if',
      extraState: { elseIfCount: 1, hasElse: true },
      inputs: {
        IF0: value(equals(getVar('yours'), getVar('mine'))),
        DO0: { block: say(join(text(t.mine), chosen, text(t.draw))) },
        IF1: value(equals(getVar('yours'), nextAfterMine)),
        DO1: { block: stack(changeVar('wins'), say(join(text(t.mine), chosen, text(t.youWin), ...score))) },
        ELSE: { block: stack(changeVar('losses'), say(join(text(t.mine), chosen, text(t.iWin), ...score))) },
      },
    },
  );
  return {
    blocks: {
      languageVersion: 0,
      blocks: [
        stack(
          { type: 'event_when_run', x: 40, y: 40 },
          setVar('wins', { type: 'math_number', fields: { NUM: 0 } }),
          setVar('losses', { type: 'math_number', fields: { NUM: 0 } }),
          setVar('choices', {
            type: 'lists_create_with',
            extraState: { itemCount: model.labels.length },
            inputs: Object.fromEntries(model.labels.map((label, i) => [`ADD${i}`, value(text(label))])),
          }),
          say(text(t.hello)),
        ),
        round,
      ],
    },
    variables: [
      { name: t.wins, id: 'wins' },
      { name: t.losses, id: 'losses' },
      { name: t.choices, id: 'choices' },
      { name: t.you, id: 'you' },
      { name: t.mineVar, id: 'mine' },
      { name: t.yours, id: 'yours' },
    ],
  };
}
