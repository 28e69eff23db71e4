/**
 * The learning robot's texts (namespace `embodiment-learning`), kept beside the panel so the page's own
 * catalogue (../i18n.ts) stays untouched; registered when the panel first renders, like the studio's texts.
 */
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';

const en = {
  title: 'The robot learns by trial and error',
  intro:
    'Nobody tells this robot the way. It tries moves, wins points for good ones and loses points for bad ones, and writes down how good each move was. Try after try it finds the way. This is called reinforcement learning, and its notebook is the Q-table.',
  maze: 'Maze',
  mazes: { first: 'First maze (5 × 5)', corridors: 'Two ways (7 × 7)', spiral: 'Spiral (7 × 7)' },
  start: 'Start',
  pause: 'Pause',
  step: 'One step',
  reset: 'Reset',
  resetHint: 'Forget everything and start again',
  speed: 'Speed',
  speeds: { watch: 'Watch every step', walk: 'Walk', fast: 'Fast', top: 'Top speed' },
  showNumbers: 'Show the numbers',
  rewardRules: 'Points: −1 for every step, −5 for bumping into a wall, +20 for reaching the goal.',
  alpha: {
    label: 'Learning rate α',
    help: 'How much one try changes what the robot remembers. Higher: it believes its newest try at once. Lower: it changes its mind slowly, a little each time.',
  },
  gamma: {
    label: 'Discount γ',
    help: 'How much points later count compared with points now. Higher: the robot plans the whole way to the goal. Lower: it only thinks about the very next move.',
  },
  epsilon: {
    label: 'Exploration ε',
    help: 'How often the robot tries a random move instead of its favourite one. Higher: it finds new ways but wanders more. Zero: it always does what it already knows, even if a better way exists.',
  },
  formula: 'new guess = old guess + α × (points + γ × best guess from the next square − old guess)',
  plot: {
    title: 'Points per try',
    raw: 'each try',
    label: 'Points of each try: {{episodes}} tries, the last one {{reward}}',
    average: 'average of the last {{window}} tries',
    episodes: 'tries: {{episodes}}',
    empty: 'The plot starts when the robot first finishes a try.',
  },
  status: {
    episodes: 'Tries: {{episodes}}',
    last: 'Last try: {{reward}} points in {{steps}} steps.',
    none: 'No try finished yet.',
    best: 'The best way it knows now reaches the goal in {{steps}} steps (shortest possible: {{shortest}}).',
    lost: 'The best way it knows now does not reach the goal yet.',
    enough: 'That is plenty of practice: press Reset to start again.',
  },
  canvas:
    'The maze: each square coloured by how good the robot thinks it is, with an arrow for its best move',
  legend: { bad: 'bad', good: 'good', robot: 'robot', goal: 'goal', arrow: 'arrow: the best move it knows' },
  lastStep:
    'It was at {{from}}, went {{action}} and got {{reward}} points. Its guess for that move changed from {{before}} to {{after}}.',
  explored: 'That was a random move: exploring!',
  qRow: 'Its Q-table for this square ({{cell}}): the points it expects for each move',
  cell: 'row {{row}}, column {{column}}',
  actions: { up: 'up', right: 'right', down: 'down', left: 'left' },
  what: {
    title: 'What is happening?',
    colours:
      'Each square’s colour is the robot’s guess of how good it is to stand there: bright yellow is good, dark purple is bad. The arrow shows the move it thinks is best.',
    spread:
      'At first every guess is 0, so the robot wanders and bumps. Each time it reaches the goal, the good news travels back one square at a time along the way it came: watch the bright colour spread from the goal to the start.',
    plot: 'The plot shows the points of every try. It climbs as the robot learns: fewer steps, fewer bumps. Exploring makes it wobble, because the robot keeps testing random moves.',
  },
  line: {
    choice: 'Line track (physics robot)',
    rules:
      'The robot feels the floor with two line sensors. Its state is what the left and the right sensor see and which side saw the line last (12 states); its moves are forward, veer left and veer right, each for 50 ms. Points: how far it got along the line (backwards counts minus), −0.5 for each move off the line, −20 and a new try when it has lost the line for a second.',
    canvas: 'The line track seen from above, with the robot on it',
    table:
      'Its Q-table: the points it expects for each move in each state (the best move marked, its state now highlighted)',
    state: 'State',
    sensors: {
      none: 'neither sensor sees the line',
      left: 'left sees the line, right doesn’t',
      right: 'right sees the line, left doesn’t',
      both: 'both sensors see the line',
    },
    last: { none: 'not seen yet', left: 'last seen left', right: 'last seen right' },
    actions: { forward: 'forward', left: 'veer left', right: 'veer right' },
    status: {
      last: 'Last try: {{reward}} points in {{steps}} moves, laps driven: {{laps}}.',
      lap: 'Driving its best moves only, it goes round the whole track (laps: {{laps}}).',
      firstLap: 'Its best moves alone first drove a full lap after try {{first}}.',
      noLap: 'Driving its best moves only, it does not get round the track yet.',
    },
  },
};

const zh: typeof en = {
  title: '机器人在尝试中学习',
  intro:
    '没有人告诉这个机器人该怎么走。它不断尝试：走得好就得分，走得不好就扣分，并把每个动作有多好记下来。一次又一次，它自己找到了路。这叫作强化学习，它的“笔记本”叫作 Q 表。',
  maze: '迷宫',
  mazes: { first: '第一个迷宫（5 × 5）', corridors: '两条路（7 × 7）', spiral: '螺旋（7 × 7）' },
  start: '开始',
  pause: '暂停',
  step: '走一步',
  reset: '重置',
  resetHint: '忘掉学过的一切，重新开始',
  speed: '速度',
  speeds: { watch: '一步一步看', walk: '慢走', fast: '快', top: '最快' },
  showNumbers: '显示数字',
  rewardRules: '得分规则：每走一步 −1，撞墙 −5，到达终点 +20。',
  alpha: {
    label: '学习率 α',
    help: '每次尝试能改变机器人记忆多少。调高：它马上相信最新的一次尝试。调低：它慢慢改变想法，每次只改一点点。',
  },
  gamma: {
    label: '折扣 γ',
    help: '以后的得分和现在的得分相比有多重要。调高：机器人会规划到终点的整条路。调低：它只考虑下一步。',
  },
  epsilon: {
    label: '探索率 ε',
    help: '机器人有多经常随便走一步，而不是走它最喜欢的那一步。调高：它能发现新路，但会多绕弯。调成 0：它总是走已经知道的路，哪怕有更好的路。',
  },
  formula: '新的估计 = 旧的估计 + α × (得分 + γ × 下一格最好的估计 − 旧的估计)',
  plot: {
    title: '每次尝试的得分',
    raw: '每次尝试',
    label: '每次尝试的得分：共 {{episodes}} 次，最后一次 {{reward}} 分',
    average: '最近 {{window}} 次的平均',
    episodes: '尝试次数：{{episodes}}',
    empty: '机器人第一次完成尝试后，这里就会画出曲线。',
  },
  status: {
    episodes: '尝试次数：{{episodes}}',
    last: '最后一次：{{steps}} 步，得 {{reward}} 分',
    none: '还没有完成任何一次尝试。',
    best: '它现在知道的最好路线用 {{steps}} 步到达终点（最短可能：{{shortest}} 步）。',
    lost: '它现在知道的最好路线还到不了终点。',
    enough: '已经练习够多了：点击重置重新开始。',
  },
  canvas: '迷宫：每个格子的颜色表示机器人觉得那里有多好，箭头是它认为最好的动作',
  legend: { bad: '差', good: '好', robot: '机器人', goal: '终点', arrow: '箭头：它知道的最好动作' },
  lastStep:
    '它在{{from}}，向{{action}}走，得到 {{reward}} 分。它对这个动作的估计从 {{before}} 变成了 {{after}}。',
  explored: '这是随便走的一步：在探索！',
  qRow: '它在这一格（{{cell}}）的 Q 表：每个动作预计能得多少分',
  cell: '第 {{row}} 行第 {{column}} 列',
  actions: { up: '上', right: '右', down: '下', left: '左' },
  what: {
    title: '发生了什么？',
    colours:
      '每个格子的颜色是机器人对“站在这里有多好”的估计：亮黄色表示好，深紫色表示差。箭头是它认为最好的那一步。',
    spread:
      '一开始所有估计都是 0，所以机器人到处乱走、撞墙。每次到达终点，好消息就会沿着它走过的路一格一格往回传：看，亮色从终点慢慢蔓延到起点。',
    plot: '曲线显示每次尝试的得分。机器人学会以后，曲线会上升：步数更少，撞墙更少。因为它一直在用随机动作做探索，曲线会有些起伏。',
  },
  line: {
    choice: '巡线赛道（物理机器人）',
    rules:
      '机器人用两个巡线传感器感受地面。它的状态是左、右传感器看到了什么，以及最后一次是哪一边看到线（共 12 种状态）；它的动作是直走、向左偏、向右偏，每个动作持续 50 毫秒。得分：沿着线前进了多远（倒退就扣分），每次离开线 −0.5，丢线一秒 −20 并重新开始一次尝试。',
    canvas: '从上往下看的巡线赛道和上面的机器人',
    table: '它的 Q 表：每种状态下每个动作预计能得多少分（标出最好的动作，高亮它现在的状态）',
    state: '状态',
    sensors: {
      none: '两个传感器都没看到线',
      left: '左边看到线，右边没有',
      right: '右边看到线，左边没有',
      both: '两个传感器都看到线',
    },
    last: { none: '还没看到过', left: '最后在左边看到', right: '最后在右边看到' },
    actions: { forward: '直走', left: '向左偏', right: '向右偏' },
    status: {
      last: '最后一次：{{steps}} 个动作，得 {{reward}} 分，跑了 {{laps}} 圈。',
      lap: '只用它最好的动作，它能跑完整圈：{{laps}} 圈。',
      firstLap: '第 {{first}} 次尝试后，它第一次只用最好的动作跑完整圈。',
      noLap: '只用它最好的动作，它还跑不完一圈。',
    },
  },
};

export const learningTexts = { en, 'zh-CN': zh };

/** The learning panel's `t`, re-rendering on a language switch. */
export function useLearningTexts() {
  return useFeatureTranslation('embodiment-learning', learningTexts);
}
