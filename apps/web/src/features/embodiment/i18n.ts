/** The embodied-intelligence page's texts, registered as the i18next namespace `embodiment` when its chunk loads. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  tip: 'Robots that sense, decide and act: embodied AI for the classroom.',
  hero: {
    title: 'AI with a body',
    text: 'A chatbot lives in words. An embodied AI lives in the world: it feels light, distance and touch through sensors, decides what to do, and moves motors. Then it senses again — many times a second.',
  },
  loop: {
    sense: 'Sense',
    decide: 'Decide',
    act: 'Act',
    senseText: 'Sensors measure the world',
    decideText: 'Rules or a model choose',
    actText: 'Motors change the world',
  },
  cards: {
    sensors: 'Sensors',
    sensorsText:
      'Light sensors, cameras, microphones, distance and touch sensors turn the world into numbers.',
    brain: 'Decisions',
    brainText:
      'Simple robots follow IF … THEN rules; smarter ones use models trained on examples, like the ones in our labs.',
    motors: 'Actions',
    motorsText: 'Wheels, arms and speakers act. Every action changes what the sensors read next.',
  },
  sim: {
    title: 'Try it: a line-following robot',
    text: 'The robot has two light sensors at its front. Edit its rule, press Start and watch sense → decide → act.',
    start: 'Start',
    stop: 'Stop',
    reset: 'Reset',
    track: 'Track',
    tracks: { oval: 'Oval', wave: 'Wave', rounded: 'Square-ish' },
    mode: 'Rule',
    table: 'IF … THEN table',
    proportional: 'Proportional',
    left: 'Left sensor',
    right: 'Right sensor',
    dark: 'dark',
    light: 'light',
    then: 'THEN',
    actions: { forward: 'go forward', left: 'turn left', right: 'turn right', stop: 'stop' },
    base: 'Speed',
    gain: 'Steering strength',
    propRule: 'turn = strength × (left darkness − right darkness)',
    wheels: 'Wheels: left {{left}}, right {{right}}',
    offTrack: 'Off the line! Change the rule and press Reset.',
    laps: 'Ticks: {{ticks}}',
  },
  world: {
    title: 'Program a robot with blocks',
    text: 'In the studio, the robot world’s robot has motors, line sensors, a distance sensor, a bumper, a compass, an LED and a camera. Drive it round a line track, through a maze, in a sumo ring, a warehouse or a traffic town — with the same blocks as your other programs, and the models you trained.',
    open: 'Program the line follower',
    signs: 'Teach the robot to read signs',
    signsText:
      'Train an image model on what the robot’s own camera sees — stop signs and plain road — and the robot stops at each stop sign of the traffic town.',
  },
  courses: {
    title: 'Learn more in the courses',
    text: 'Our courses connect these ideas to the AI labs: training models that a robot could use to see and hear.',
    open: 'Open the courses',
    labs: 'Go to the AI lab',
  },
};

const zh: typeof en = {
  tip: '会感知、会决策、会行动的机器人：走进课堂的具身智能。',
  hero: {
    title: '有“身体”的人工智能',
    text: '聊天机器人活在文字里；具身智能活在真实世界里：它用传感器感受光线、距离和触碰，做出决定，驱动电机行动，然后再次感知——每秒很多次。',
  },
  loop: {
    sense: '感知',
    decide: '决策',
    act: '行动',
    senseText: '传感器测量世界',
    decideText: '规则或模型做选择',
    actText: '电机改变世界',
  },
  cards: {
    sensors: '传感器',
    sensorsText: '光线传感器、摄像头、麦克风、距离和触碰传感器，把世界变成数字。',
    brain: '决策',
    brainText:
      '简单的机器人按“如果……就……”规则行动；更聪明的机器人使用从例子中训练出来的模型，就像我们实验室里的那些。',
    motors: '行动',
    motorsText: '轮子、机械臂和扬声器负责行动。每一次行动都会改变传感器下一次读到的内容。',
  },
  sim: {
    title: '动手试试：巡线机器人',
    text: '机器人前端有两个光线传感器。修改它的规则，点击开始，观察“感知 → 决策 → 行动”。',
    start: '开始',
    stop: '停止',
    reset: '重置',
    track: '赛道',
    tracks: { oval: '椭圆', wave: '波浪', rounded: '圆角方形' },
    mode: '规则',
    table: '如果……就……',
    proportional: '比例控制',
    left: '左传感器',
    right: '右传感器',
    dark: '黑',
    light: '白',
    then: '就',
    actions: { forward: '直行', left: '左转', right: '右转', stop: '停下' },
    base: '速度',
    gain: '转向力度',
    propRule: '转向 = 力度 × (左侧黑度 − 右侧黑度)',
    wheels: '轮速：左 {{left}}，右 {{right}}',
    offTrack: '冲出赛道了！修改规则后点击重置。',
    laps: '步数：{{ticks}}',
  },
  world: {
    title: '用积木给机器人编程',
    text: '在创作工作室里，机器人世界的机器人有电机、巡线传感器、距离传感器、碰撞开关、指南针、灯和摄像头。让它沿跑道巡线、走迷宫、在相扑擂台、仓库或交通小镇里行驶——用和其他程序一样的积木，还能用你训练的模型。',
    open: '给巡线机器人编程',
    signs: '教机器人认标志',
    signsText:
      '用机器人自己的摄像头看到的画面（停车标志和普通马路）训练一个图像模型，机器人就会在交通小镇的每个停车标志前停下。',
  },
  courses: {
    title: '在课程中继续学习',
    text: '课程把这些想法和 AI 实验室联系起来：训练能让机器人“看见”和“听见”的模型。',
    open: '打开课程',
    labs: '前往 AI 实验室',
  },
};

const NAMESPACE = 'embodiment';
type EmbodimentTextKey = LabTextKey<typeof en>;
type LooseT = (key: string, options?: Record<string, unknown>) => string;

function registerTexts(): void {
  for (const [lang, texts] of Object.entries({ en, 'zh-CN': zh })) {
    if (!i18n.hasResourceBundle(lang, NAMESPACE)) i18n.addResourceBundle(lang, NAMESPACE, texts, true, false);
  }
}

export function useEmbodimentTranslation() {
  registerTexts();
  const { t: tApp, i18n: instance } = useTranslation();
  const language = instance.language;
  const t = useCallback(
    (key: EmbodimentTextKey, options?: Record<string, unknown>): string =>
      (instance.t as unknown as LooseT)(key, { ...options, ns: NAMESPACE, lng: language }),
    [instance, language],
  );
  return { t, tApp: tApp as unknown as LooseT, language };
}
