/**
 * Starter projects for the block studio (issue 26, docs/make-studio.md "Starter projects"): small programs
 * that teach one idea each, which a student copies into a project of their own ("New from a starter") or a
 * teacher hands out with a lesson. Plain data, no zod: the server copies a starter's workspace for a lesson,
 * and the studio's picker (a chunk of its own) lists them.
 *
 * To add one: append to MAKE_STARTERS with a kebab-case id, its name and one-line description in both
 * languages, the lab it relates to (or null) and its workspace per language (Blockly's JSON, built with the
 * helpers below). The block types it needs are read from the workspace (`starterBlockTypes`): the studio
 * offers a starter only when it has every one of them, so a starter using AI blocks can be added before
 * those blocks land and shows up once they do. Each starter is checked by
 * apps/web/src/features/make/starters/starters.test.ts (loads without unknown blocks, runs as it says).
 */
import type { LabSlug } from './labs.ts';
import type { Language } from './languages.ts';

type Json = Record<string, unknown>;
type Texts = Record<Language, string>;

export interface MakeStarter {
  /** Stable id (kebab-case): lessons store it. */
  id: string;
  name: Texts;
  /** One line: what the student learns or does. */
  description: Texts;
  /** The lab this starter goes with, if any. */
  lab: LabSlug | null;
  /** Blockly's serialised workspace, its texts (what the sprite says) in each language. */
  workspace: Record<Language, Json>;
}

// ── Helpers for writing workspaces by hand ──────────────────────────────────────────────────────────────

const num = (n: number): Json => ({ shadow: { type: 'math_number', fields: { NUM: n } } });
const txt = (s: string): Json => ({ shadow: { type: 'text', fields: { TEXT: s } } });
const value = (block: Json): Json => ({ block });
const block = (type: string, fields?: Json, inputs?: Json): Json => ({
  type,
  ...(fields ? { fields } : {}),
  ...(inputs ? { inputs } : {}),
});
/** Blocks one under the other (each the `next` of the one before). */
function stack(...blocks: Json[]): Json {
  const [first, ...rest] = blocks;
  if (!first) throw new Error('an empty stack');
  return rest.length ? { ...first, next: { block: stack(...rest) } } : first;
}
/** A script placed on the workspace at (x, y). */
const at = (x: number, y: number, script: Json): Json => ({ ...script, x, y });
const statements = (...blocks: Json[]): Json => ({ block: stack(...blocks) });
const workspace = (scripts: Json[], variables: { name: string; id: string }[] = []): Json => ({
  blocks: { languageVersion: 0, blocks: scripts },
  ...(variables.length ? { variables } : {}),
});
const say = (text: string) => block('sprite_say', undefined, { TEXT: txt(text) });
const getVar = (id: string) => block('variables_get', { VAR: { id } });
const setVar = (id: string, to: Json) => block('variables_set', { VAR: { id } }, { VALUE: value(to) });
const both = (make: (language: Language) => Json): Record<Language, Json> => ({
  'zh-CN': make('zh-CN'),
  en: make('en'),
});

// ── The starters ────────────────────────────────────────────────────────────────────────────────────────

/** Arrow keys steer the robot: one event script per key. */
const steer: MakeStarter = {
  id: 'arrow-keys',
  name: { en: 'Steer the robot', 'zh-CN': '方向键开机器人' },
  description: {
    en: 'Each arrow key runs its own script: point that way, then move.',
    'zh-CN': '每个方向键运行自己的脚本：先转向，再前进。',
  },
  lab: null,
  workspace: both((language) => {
    const key = (name: string, direction: number, y: number) =>
      at(
        name === 'left' || name === 'up' ? 20 : 300,
        y,
        stack(
          block('event_when_key_pressed', { KEY: name }),
          block('sprite_point', undefined, { DIRECTION: num(direction) }),
          block('sprite_move', undefined, { STEPS: num(20) }),
        ),
      );
    return workspace([
      at(
        20,
        20,
        stack(
          block('event_when_run'),
          block('sprite_goto', undefined, { X: num(0), Y: num(0) }),
          block('sprite_set_costume', { COSTUME: 'robot' }),
          say(language === 'en' ? 'Steer me with the arrow keys!' : '用方向键控制我！'),
        ),
      ),
      key('up', 0, 180),
      key('down', 180, 180),
      key('left', -90, 320),
      key('right', 90, 320),
    ]);
  }),
};

/** A number-guessing game: a variable, a loop, a question and comparisons. */
const guess: MakeStarter = {
  id: 'guess-number',
  name: { en: 'Guess my number', 'zh-CN': '猜数字' },
  description: {
    en: 'The robot thinks of a number from 1 to 20 and answers “higher” or “lower” until you find it.',
    'zh-CN': '机器人想一个 1 到 20 的数，你来猜，它会说“大一点”或“小一点”，直到猜中。',
  },
  lab: null,
  workspace: both((language) => {
    const en = language === 'en';
    const compare = (op: string, a: Json, b: Json) =>
      block('logic_compare', { OP: op }, { A: value(a), B: value(b) });
    return workspace(
      [
        at(
          20,
          20,
          stack(
            block('event_when_run'),
            setVar('secret', block('math_random_int', undefined, { FROM: num(1), TO: num(20) })),
            setVar('guess', block('math_number', { NUM: 0 })),
            say(en ? 'I am thinking of a number from 1 to 20.' : '我想了一个 1 到 20 之间的数。'),
            block(
              'controls_whileUntil',
              { MODE: 'UNTIL' },
              {
                BOOL: value(compare('EQ', getVar('guess'), getVar('secret'))),
                DO: statements(
                  setVar(
                    'guess',
                    block(
                      'text_prompt_ext',
                      { TYPE: 'NUMBER' },
                      { TEXT: txt(en ? 'Your guess?' : '你猜是几？') },
                    ),
                  ),
                  {
                    ...block('controls_if', undefined, {
                      IF0: value(compare('LT', getVar('guess'), getVar('secret'))),
                      DO0: statements(say(en ? 'Higher!' : '大一点！')),
                      IF1: value(compare('GT', getVar('guess'), getVar('secret'))),
                      DO1: statements(say(en ? 'Lower!' : '小一点！')),
                    }),
                    extraState: { elseIfCount: 1 },
                  },
                ),
              },
            ),
            block('sprite_set_costume', { COSTUME: 'star' }),
            say(en ? 'You got it!' : '猜中了！'),
          ),
        ),
      ],
      [
        { name: en ? 'secret' : '秘密数', id: 'secret' },
        { name: en ? 'guess' : '猜的数', id: 'guess' },
      ],
    );
  }),
};

/** A little piano: letter keys play the notes of a scale. */
const piano: MakeStarter = {
  id: 'key-piano',
  name: { en: 'Keyboard piano', 'zh-CN': '键盘钢琴' },
  description: {
    en: 'The keys A to J play do re mi fa so la ti: change the notes to make your own instrument.',
    'zh-CN': '按 A 到 J 键弹奏 do re mi fa so la ti：改改音符，做一件自己的乐器。',
  },
  lab: null,
  workspace: both((language) => {
    const notes: [string, number, string][] = [
      ['a', 60, 'do'],
      ['s', 62, 're'],
      ['d', 64, 'mi'],
      ['f', 65, 'fa'],
      ['g', 67, 'so'],
      ['h', 69, 'la'],
      ['j', 71, 'ti'],
    ];
    return workspace([
      at(
        20,
        20,
        stack(
          block('event_when_run'),
          block('sprite_set_costume', { COSTUME: 'cat' }),
          say(language === 'en' ? 'Play me with the keys A S D F G H J' : '用 A S D F G H J 键弹我'),
        ),
      ),
      ...notes.map(([key, note, name], i) =>
        at(
          20 + (i % 2) * 280,
          160 + Math.floor(i / 2) * 130,
          stack(
            block('event_when_key_pressed', { KEY: key }),
            say(name),
            block('sound_play_note', undefined, { NOTE: num(note), BEATS: num(0.5) }),
          ),
        ),
      ),
    ]);
  }),
};

/** A square walk: repeat, move, turn, wait. */
const square: MakeStarter = {
  id: 'square-walk',
  name: { en: 'Walk a square', 'zh-CN': '走一个正方形' },
  description: {
    en: 'Repeat “move, turn” four times; then try a triangle or a star.',
    'zh-CN': '把“前进、转弯”重复四次；再试试三角形或星形。',
  },
  lab: null,
  workspace: both((language) =>
    workspace([
      at(
        20,
        20,
        stack(
          block('event_when_run'),
          block('sprite_goto', undefined, { X: num(-50), Y: num(-50) }),
          block('sprite_point', undefined, { DIRECTION: num(90) }),
          block('controls_repeat_ext', undefined, {
            TIMES: num(4),
            DO: statements(
              block('sprite_move', undefined, { STEPS: num(100) }),
              block('sprite_turn', { WAY: 'LEFT' }, { DEGREES: num(90) }),
              block('control_wait', undefined, { SECONDS: num(0.5) }),
            ),
          }),
          say(language === 'en' ? 'A square!' : '一个正方形！'),
        ),
      ),
    ]),
  ),
};

/**
 * A doodle guessing game: the arrow keys draw with the pen, space asks the doodle lab's AI what the drawing
 * looks like, D which digit it shows, C wipes it (the pen and the drawing AI blocks, no camera).
 */
const doodle: MakeStarter = {
  id: 'doodle-guess',
  name: { en: 'Guess my doodle', 'zh-CN': '猜猜我画的是什么' },
  description: {
    en: 'Draw with the arrow keys; space asks the AI what your drawing looks like, D which digit it is, C wipes it.',
    'zh-CN': '用方向键画画；按空格问 AI 画的像什么，按 D 问是数字几，按 C 擦掉重画。',
  },
  lab: 'quickDraw',
  workspace: both((language) => {
    const en = language === 'en';
    const key = (name: string, ...blocks: Json[]) =>
      stack(block('event_when_key_pressed', { KEY: name }), ...blocks);
    const arrow = (name: string, direction: number) =>
      key(
        name,
        block('sprite_point', undefined, { DIRECTION: num(direction) }),
        block('sprite_move', undefined, { STEPS: num(15) }),
      );
    const join = (a: Json, b: Json): Json => ({
      ...block('text_join', undefined, { ADD0: a, ADD1: value(b) }),
      extraState: { itemCount: 2 },
    });
    const sayValue = (of: Json) => block('sprite_say', undefined, { TEXT: value(of) });
    return workspace(
      [
        at(
          20,
          20,
          stack(
            block('event_when_run'),
            block('pen_clear'),
            block('sprite_goto', undefined, { X: num(0), Y: num(0) }),
            block('sprite_set_costume', { COSTUME: 'ball' }),
            block('sprite_set_size', undefined, { SIZE: num(30) }),
            block('pen_set_size', undefined, { SIZE: num(5) }),
            block('pen_down'),
            say(en ? 'Draw with the arrow keys, then press space!' : '用方向键画画，画好按空格！'),
          ),
        ),
        at(20, 260, arrow('up', 0)),
        at(20, 360, arrow('down', 180)),
        at(320, 260, arrow('left', -90)),
        at(320, 360, arrow('right', 90)),
        at(
          20,
          480,
          key('space', setVar('guess', block('ai_drawing_label')), {
            ...block('controls_if', undefined, {
              IF0: value(block('logic_compare', { OP: 'EQ' }, { A: value(getVar('guess')), B: txt('') })),
              DO0: statements(say(en ? 'Draw something first!' : '先画点什么吧！')),
              ELSE: statements(sayValue(join(txt(en ? 'I think it is: ' : '我猜是：'), getVar('guess')))),
            }),
            extraState: { hasElse: true },
          }),
        ),
        at(20, 700, key('d', sayValue(join(txt(en ? 'The digit: ' : '数字：'), block('ai_drawing_digit'))))),
        at(320, 700, key('c', block('pen_clear'))),
      ],
      [{ name: en ? 'guess' : '猜测', id: 'guess' }],
    );
  }),
};

/**
 * A light switched by two command words the class taught a sound model (the studio's "when I hear ⟨word⟩",
 * heard with the student's sound model that knows them): the star shows for “on”, hides for “off”.
 */
const commandLight: MakeStarter = {
  id: 'command-light',
  name: { en: 'A light for your words', 'zh-CN': '听口令的灯' },
  description: {
    en: 'Say “on” or “off” and the star lights up or goes dark. Needs a sound model taught these two words in the Sound classifier lab (“Use in a program”).',
    'zh-CN':
      '说“开灯”或“关灯”，星星就亮起或熄灭。需要先在“声音分类训练”实验里教模型这两个词（再点“在程序里用”）。',
  },
  lab: 'trainAudio',
  workspace: both((language) => {
    const en = language === 'en';
    const on = en ? 'on' : '开灯';
    const off = en ? 'off' : '关灯';
    return workspace([
      at(
        20,
        20,
        stack(
          block('event_when_run'),
          block('sprite_set_costume', { COSTUME: 'star' }),
          block('sprite_hide'),
          block('text_print', undefined, {
            TEXT: txt(en ? 'Say “on” or “off” to the microphone.' : '对着麦克风说“开灯”或“关灯”。'),
          }),
        ),
      ),
      at(
        20,
        200,
        stack(
          block('ai_when_hear_word', { WORD: on }),
          block('sprite_show'),
          block('sprite_say', undefined, { TEXT: value(block('ai_heard_word')) }),
        ),
      ),
      at(300, 200, stack(block('ai_when_hear_word', { WORD: off }), block('sprite_hide'))),
    ]);
  }),
};

/**
 * A robot that reads aloud: a click on it reads the text the camera sees (the studio's `text the camera
 * reads`, the textKnow lab's offline OCR) and speaks it with the built-in voice, or says it sees none.
 */
const readAloud: MakeStarter = {
  id: 'read-aloud',
  name: { en: 'Read it aloud', 'zh-CN': '朗读机器人' },
  description: {
    en: 'Hold some printed text up to the camera and click the robot: it reads the text and says it aloud.',
    'zh-CN': '把印着字的纸举到摄像头前，再点机器人：它读出文字并大声念出来。',
  },
  lab: 'textKnow',
  workspace: both((language) => {
    const en = language === 'en';
    const text = getVar('text');
    return workspace(
      [
        at(
          20,
          20,
          stack(
            block('event_when_run'),
            say(en ? 'Show me some text, then click me.' : '给我看一些文字，然后点我。'),
          ),
        ),
        at(
          20,
          160,
          stack(block('event_when_sprite_clicked'), setVar('text', block('ai_read_text')), {
            ...block('controls_if', undefined, {
              IF0: value(block('logic_compare', { OP: 'EQ' }, { A: value(text), B: txt('') })),
              DO0: statements(say(en ? 'I can’t see any text.' : '我没看到文字。')),
              ELSE: statements(
                block('sprite_say', undefined, { TEXT: value(text) }),
                block('ai_speak', undefined, { TEXT: value(text) }),
              ),
            }),
            extraState: { hasElse: true },
          }),
        ),
      ],
      [{ name: en ? 'text' : '文字', id: 'text' }],
    );
  }),
};

// ── AI starters (issue 26): built-in pose blocks and the cloud AI, each with a way to go on without it ──

/** Blockly's `text_join` of any number of parts. */
const join = (...parts: Json[]): Json => ({
  ...block('text_join', undefined, Object.fromEntries(parts.map((part, i) => [`ADD${i}`, value(part)]))),
  extraState: { itemCount: parts.length },
});
const text = (s: string) => block('text', { TEXT: s });
const changeVar = (id: string, by: number) => block('math_change', { VAR: { id } }, { DELTA: num(by) });
const ifElse = (condition: Json, then: Json[], otherwise: Json[]): Json => ({
  ...block('controls_if', undefined, {
    IF0: value(condition),
    DO0: statements(...then),
    ELSE: statements(...otherwise),
  }),
  extraState: { hasElse: true },
});
const wait = (seconds: number) => block('control_wait', undefined, { SECONDS: num(seconds) });
const randomInt = (from: number, to: number) =>
  block('math_random_int', undefined, { FROM: num(from), TO: num(to) });
const listOf = (...items: string[]): Json => ({
  ...block(
    'lists_create_with',
    undefined,
    Object.fromEntries(items.map((item, i) => [`ADD${i}`, value(text(item))])),
  ),
  extraState: { itemCount: items.length },
});
const itemAt = (listId: string, index: Json) =>
  block(
    'lists_getIndex',
    { MODE: 'GET', WHERE: 'FROM_START' },
    { VALUE: value(getVar(listId)), AT: value(index) },
  );

/** The pose game: the falling star follows the player's nose, to land where it says. */
const poseGame: MakeStarter = {
  id: 'pose-game',
  name: { en: 'Steer the star with your nose', 'zh-CN': '用鼻子接星星' },
  description: {
    en: 'A game steered by your pose: the camera finds your nose and the falling star follows it. Land the star where it says!',
    'zh-CN': '用姿势来玩的游戏：摄像头找到你的鼻子，下落的星星跟着它走。把星星落到它说的位置！',
  },
  lab: 'trainPose',
  workspace: both((language) => {
    const en = language === 'en';
    const noseX = block('ai_body_point', { AXIS: 'x', POINT: 'nose' });
    const distance = block(
      'math_single',
      { OP: 'ABS' },
      {
        NUM: value(
          block('math_arithmetic', { OP: 'MINUS' }, { A: value(getVar('x')), B: value(getVar('target')) }),
        ),
      },
    );
    return workspace(
      [
        at(
          20,
          20,
          stack(
            block('event_when_run'),
            setVar('score', block('math_number', { NUM: 0 })),
            block('sprite_set_costume', { COSTUME: 'star' }),
            block('controls_repeat_ext', undefined, {
              TIMES: num(5),
              DO: statements(
                setVar('target', randomInt(-180, 180)),
                setVar('y', block('math_number', { NUM: 170 })),
                block('sprite_say', undefined, {
                  TEXT: value(join(text(en ? 'Land me at x ' : '把我落在 x = '), getVar('target'))),
                }),
                block('controls_repeat_ext', undefined, {
                  TIMES: num(30),
                  DO: statements(
                    changeVar('y', -11),
                    setVar('x', noseX),
                    block('sprite_goto', undefined, { X: value(getVar('x')), Y: value(getVar('y')) }),
                    wait(0.1),
                  ),
                }),
                ifElse(
                  block(
                    'logic_compare',
                    { OP: 'LT' },
                    { A: value(distance), B: value(block('math_number', { NUM: 50 })) },
                  ),
                  [changeVar('score', 1), say(en ? 'Caught it!' : '接住了！')],
                  [say(en ? 'Missed!' : '没接住！')],
                ),
                wait(1),
              ),
            }),
            block('sprite_say', undefined, {
              TEXT: value(join(text(en ? 'Game over! Score: ' : '游戏结束！得分：'), getVar('score'))),
            }),
          ),
        ),
      ],
      [
        { name: en ? 'score' : '得分', id: 'score' },
        { name: en ? 'target' : '目标', id: 'target' },
        { name: 'x', id: 'x' },
        { name: 'y', id: 'y' },
      ],
    );
  }),
};

/** Quiz questions the bot keeps for when the cloud AI cannot help: question, answer. */
const OWN_QUIZ: Record<Language, [string, string][]> = {
  en: [
    ['What is 3 × 4?', '12'],
    ['Which colour do you get by mixing blue and yellow?', 'green'],
    ['How many legs does a spider have?', '8'],
  ],
  'zh-CN': [
    ['3 × 4 等于几？', '12'],
    ['蓝色和黄色混在一起是什么颜色？', '绿色'],
    ['蜘蛛有几条腿？', '8'],
  ],
};

/** The quiz bot: asks the cloud AI for questions and to judge the answers, or uses its own list without it. */
const quizBot: MakeStarter = {
  id: 'quiz-bot',
  name: { en: 'Quiz bot', 'zh-CN': '问答机器人' },
  description: {
    en: 'The robot asks the cloud AI for quiz questions and to check your answers; when the AI is not available it uses its own questions and keeps the score.',
    'zh-CN': '机器人向云端 AI 要题目、请它判断你的回答；AI 用不了的时候，它改用自己的题目并记分。',
  },
  lab: 'aiChat',
  workspace: both((language) => {
    const en = language === 'en';
    const own = OWN_QUIZ[language];
    const ready = block('ai_cloud_ready');
    const askAi = (question: Json) => block('ai_ask', undefined, { QUESTION: value(question) });
    const prompt = (question: Json) => block('text_prompt_ext', { TYPE: 'TEXT' }, { TEXT: value(question) });
    const tidied = (id: string) =>
      block(
        'text_trim',
        { MODE: 'BOTH' },
        {
          TEXT: value(block('text_changeCase', { CASE: 'LOWERCASE' }, { TEXT: value(getVar(id)) })),
        },
      );
    const aiRound = [
      setVar(
        'question',
        askAi(
          text(
            en
              ? 'Ask one short quiz question for a primary school student. Write only the question.'
              : '给小学生出一道简短的问答题。只写题目。',
          ),
        ),
      ),
      setVar('answer', prompt(getVar('question'))),
      block('sprite_say', undefined, {
        TEXT: value(
          askAi(
            join(
              text(en ? 'Question: ' : '题目：'),
              getVar('question'),
              text(en ? ' Answer: ' : ' 回答：'),
              getVar('answer'),
              text(en ? '. Is the answer right? Reply in one short sentence.' : '。回答对吗？用一句话回答。'),
            ),
          ),
        ),
      }),
    ];
    const ownRound = [
      setVar('n', randomInt(1, own.length)),
      setVar('answer', prompt(itemAt('questions', getVar('n')))),
      ifElse(
        block(
          'logic_compare',
          { OP: 'EQ' },
          { A: value(tidied('answer')), B: value(itemAt('answers', getVar('n'))) },
        ),
        [changeVar('score', 1), say(en ? 'Right!' : '答对了！')],
        [
          block('sprite_say', undefined, {
            TEXT: value(
              join(text(en ? 'Not quite: it is ' : '不太对：答案是 '), itemAt('answers', getVar('n'))),
            ),
          }),
        ],
      ),
    ];
    return workspace(
      [
        at(
          20,
          20,
          stack(
            block('event_when_run'),
            block('sprite_set_costume', { COSTUME: 'robot' }),
            setVar('score', block('math_number', { NUM: 0 })),
            setVar('questions', listOf(...own.map(([question]) => question))),
            setVar('answers', listOf(...own.map(([, answer]) => answer))),
            ifElse(
              ready,
              [say(en ? 'I will ask the cloud AI for questions.' : '我会向云端 AI 要题目。')],
              [
                say(
                  en
                    ? 'The cloud AI cannot help now: I will use my own questions.'
                    : '云端 AI 现在帮不上忙：我用自己的题目。',
                ),
              ],
            ),
            wait(1),
            block('controls_repeat_ext', undefined, {
              TIMES: num(3),
              DO: statements(ifElse(block('ai_cloud_ready'), aiRound, ownRound), wait(2)),
            }),
            block('sprite_say', undefined, {
              TEXT: value(
                join(
                  text(
                    en ? 'Quiz over! Right answers on my own questions: ' : '问答结束！我自己的题目答对了：',
                  ),
                  getVar('score'),
                ),
              ),
            }),
          ),
        ),
      ],
      [
        { name: en ? 'score' : '得分', id: 'score' },
        { name: en ? 'questions' : '题目', id: 'questions' },
        { name: en ? 'answers' : '答案', id: 'answers' },
        { name: en ? 'question' : '问题', id: 'question' },
        { name: en ? 'answer' : '回答', id: 'answer' },
        { name: 'n', id: 'n' },
      ],
    );
  }),
};

/**
 * The line follower (issue 27): /embodiment's first lesson, its rule table now blocks. Two line sensors
 * straddle the line: the one that sees it says which way the line went, so the robot turns that way; neither
 * (or both) means straight on. It goes round the robot world's line track, its LED green.
 */
const lineFollower: MakeStarter = {
  id: 'line-follower',
  name: { en: 'Robot: follow the line', 'zh-CN': '机器人：巡线' },
  description: {
    en: 'Two sensors, three rules: the robot turns towards the sensor that sees the line. Try other powers!',
    'zh-CN': '两个传感器、三条规则：哪边的传感器看到线，机器人就往哪边转。试试别的功率！',
  },
  lab: null,
  workspace: both(() => {
    const rules = lineFollowerRules(70, 15);
    return workspace([
      at(
        20,
        20,
        stack(
          block('event_when_run'),
          block('robot_arena', { ARENA: 'line' }),
          block('robot_led', { COLOUR: 'green' }),
          block(
            'controls_whileUntil',
            { MODE: 'WHILE' },
            {
              BOOL: value(block('logic_boolean', { BOOL: 'TRUE' })),
              DO: statements(rules),
            },
          ),
        ),
      ),
    ]);
  }),
};

/**
 * The line follower's three rules as one "if" block: a line sensor that sees the line turns the robot towards
 * it (that side's wheel at `slow`), neither means straight on (both at `fast`). The line-follower starter's;
 * the studio's sign reader (a model starter) drives the town's road with them too.
 */
export function lineFollowerRules(fast: number, slow: number): Json & { type: string } {
  const sees = (side: string) => block('robot_on_line', { SIDE: side });
  const not = (condition: Json) => block('logic_negate', undefined, { BOOL: value(condition) });
  const and = (a: Json, b: Json) => block('logic_operation', { OP: 'AND' }, { A: value(a), B: value(b) });
  const motors = (left: number, right: number) =>
    block('robot_motors', undefined, { LEFT: num(left), RIGHT: num(right) });
  const rules = block('controls_if', undefined, {
    IF0: value(and(sees('lineLeft'), not(sees('lineRight')))),
    DO0: statements(motors(slow, fast)),
    IF1: value(and(sees('lineRight'), not(sees('lineLeft')))),
    DO1: statements(motors(fast, slow)),
    ELSE: statements(motors(fast, fast)),
  });
  return { ...rules, type: 'controls_if', extraState: { elseIfCount: 1, hasElse: true } };
}

/** Every starter, in the order the picker shows them. Others append theirs (AI starters with their blocks). */
export const MAKE_STARTERS: readonly MakeStarter[] = [
  steer,
  guess,
  piano,
  square,
  doodle,
  commandLight,
  readAloud,
  poseGame,
  quizBot,
  lineFollower,
];

export function makeStarterById(id: string): MakeStarter | undefined {
  return MAKE_STARTERS.find((starter) => starter.id === id);
}

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The block types a serialised workspace uses, found by walking Blockly's JSON (top-level blocks, the blocks
 * and shadows in their inputs, the next block).
 */
export function workspaceBlockTypes(workspace: Json): Set<string> {
  const types = new Set<string>();
  const top: unknown = isRecord(workspace.blocks) ? workspace.blocks.blocks : undefined;
  const pending: unknown[] = Array.isArray(top) ? [...(top as unknown[])] : [];
  while (pending.length) {
    const item = pending.pop();
    if (!isRecord(item)) continue;
    if (typeof item.type === 'string') types.add(item.type);
    const links = [...(isRecord(item.inputs) ? Object.values(item.inputs) : []), item.next];
    for (const link of links) {
      if (isRecord(link)) pending.push(link.block, link.shadow);
    }
  }
  return types;
}

/** The block types a starter needs (in any language): the studio offers it only when it has them all. */
export function starterBlockTypes(starter: MakeStarter): string[] {
  const types = new Set<string>();
  for (const ws of Object.values(starter.workspace))
    for (const type of workspaceBlockTypes(ws)) types.add(type);
  return [...types].sort();
}
