/**
 * The project a trainer's "Use in a program" opens (docs/make-studio.md "Model blocks"): "when Run clicked,
 * say which labels to show", and for each label "when ⟨model⟩ sees ⟨label⟩, say ⟨label⟩", ready to run and
 * to change; for a sound model, "when I hear ⟨word⟩, say ⟨word⟩"; for a text model, "say (⟨model⟩ label of text
 * (ask …))". A camera model with three labels may start rock, paper, scissors instead (rock-paper-scissors.ts):
 * the studio lets the student choose (`modelStarters`). Loaded only when the studio opens with `?model=`.
 */
import type { MakeWorkspace } from '@ai-edu/contract';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { registerTexts } from '../../../lib/lab-i18n.ts';
import type { ProgramModel } from '../../../lib/program-models.ts';
import { modelTexts } from './i18n.ts';
import { modelRefOf, TEXT_MODEL_BLOCK } from './model-refs.ts';

export { modelRefOf };
import { MODEL_TEXTS_NS } from './model-problems.ts';
import { HEAR_WORD_BLOCK } from './hearing.ts';
import { rockPaperScissorsWorkspace, type RockPaperScissorsTexts } from './rock-paper-scissors.ts';
import { signReaderWorkspace, stopLabelOf } from './robot-sign-reader.ts';

const say = (text: string) => ({
  type: 'sprite_say',
  inputs: { TEXT: { shadow: { type: 'text', fields: { TEXT: text } } } },
});

/** The model texts in the UI language (registered here: this chunk is the first to need them). */
function modelText(key: string, options: Record<string, unknown> = {}): string {
  registerTexts(MODEL_TEXTS_NS, modelTexts);
  const t = i18n.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return t(key, { ...options, ns: MODEL_TEXTS_NS, lng: currentLanguage() });
}

export function modelStarterWorkspace(model: ProgramModel): MakeWorkspace {
  // A sound model's words are heard: "when I hear ⟨word⟩, say ⟨word⟩" (models/hearing-blocks.ts).
  const sound = model.input === 'sound';
  const hello = modelText(sound ? 'starterSay' : 'starterHello', { labels: model.labels.join(' / ') });
  const extraState = { model: modelRefOf(model) };
  if (model.input === 'text') return textStarter(model, extraState);
  return {
    blocks: {
      languageVersion: 0,
      blocks: [
        { type: 'event_when_run', x: 40, y: 40, next: { block: say(hello) } },
        ...model.labels.map((label, k) => ({
          x: 40,
          y: 160 + k * 120,
          ...(sound
            ? { type: HEAR_WORD_BLOCK, fields: { WORD: label } }
            : { type: 'model_when_sees', extraState, fields: { LABEL: label } }),
          next: { block: say(label) },
        })),
      ],
    },
  };
}

/** A text model's starter: "when Run clicked, say (⟨model⟩ label of text (ask …))". */
function textStarter(
  model: ProgramModel,
  extraState: { model: ReturnType<typeof modelRefOf> },
): MakeWorkspace {
  const question = modelText('starterAsk', { model: model.name });
  const ask = {
    type: 'text_prompt_ext',
    fields: { TYPE: 'TEXT' },
    inputs: { TEXT: { shadow: { type: 'text', fields: { TEXT: question } } } },
  };
  const classify = { type: TEXT_MODEL_BLOCK, extraState, inputs: { TEXT: { block: ask } } };
  return {
    blocks: {
      languageVersion: 0,
      blocks: [
        {
          type: 'event_when_run',
          x: 40,
          y: 40,
          next: { block: { type: 'sprite_say', inputs: { TEXT: { block: classify } } } },
        },
      ],
    },
  };
}

export interface ModelStarterChoice {
  id: 'say-labels' | 'rock-paper-scissors' | 'sign-reader';
  name: string;
  workspace: MakeWorkspace;
}

/**
 * The programs a model can start: "say what it sees" always; rock, paper, scissors for a camera model with
 * three labels (its blocks are the camera's: a sound or text model hears or reads instead); the robot's sign
 * reader for an image model with a label named like a stop sign (robot-sign-reader.ts).
 */
export function modelStarters(model: ProgramModel): { title: string; choices: ModelStarterChoice[] } {
  const choices: ModelStarterChoice[] = [
    { id: 'say-labels', name: modelText('starterChoice.sayLabels'), workspace: modelStarterWorkspace(model) },
  ];
  if (model.labels.length === 3 && model.input !== 'sound' && model.input !== 'text') {
    const keys: (keyof RockPaperScissorsTexts)[] = [
      'count',
      'mine',
      'draw',
      'youWin',
      'iWin',
      'vs',
      'wins',
      'losses',
      'choices',
      'you',
      'mineVar',
      'yours',
    ];
    const texts = Object.fromEntries(keys.map((key) => [key, modelText(`rps.${key}`)])) as Omit<
      RockPaperScissorsTexts,
      'hello'
    >;
    const hello = modelText('rps.hello', { labels: model.labels.join(' / ') });
    choices.push({
      id: 'rock-paper-scissors',
      name: modelText('starterChoice.rockPaperScissors'),
      workspace: rockPaperScissorsWorkspace(modelRefOf(model), { ...texts, hello }),
    });
  }
  const label = model.input === 'image' ? stopLabelOf(model.labels) : null;
  if (label !== null) {
    choices.push({
      id: 'sign-reader',
      name: modelText('starterChoice.signReader'),
      workspace: signReaderWorkspace(modelRefOf(model), label, {
        hello: modelText('signs.hello', { label }),
        stopped: modelText('signs.stopped', { label }),
        ignore: modelText('signs.ignore'),
      }),
    });
  }
  return { title: modelText('starterChoice.title', { model: model.name }), choices };
}
