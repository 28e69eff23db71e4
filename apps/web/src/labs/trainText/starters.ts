/**
 * Starter projects, so a class can train something within a minute. "Praise or reminder" is written in the
 * language of the page; "Weather, sports or food" mixes Chinese and English sentences in both, to show that
 * one model can learn from both languages at once. Each starter also offers test sentences (with the class
 * they should get: the unit test checks the starter really learns them).
 */
import { DEFAULT_PROJECT_SETTINGS, type TextProject } from '@ai-edu/ml/text/index.ts';
import type { Language } from '@ai-edu/contract';

export type StarterId = 'praise' | 'topics';

export interface StarterSample {
  readonly text: string;
  /** The class it belongs to (position in the project's classes). */
  readonly label: number;
}

export interface Starter {
  readonly id: StarterId;
  readonly project: Record<Language, TextProject>;
  readonly samples: Record<Language, readonly StarterSample[]>;
}

const settings = DEFAULT_PROJECT_SETTINGS;

const PRAISE_ZH = [
  '你今天的作业写得又工整又认真，真棒！',
  '这次考试你进步很大，老师为你骄傲',
  '你上课积极举手发言，值得大家学习',
  '谢谢你主动帮助同学打扫教室',
  '你的作文写得很生动，继续加油',
  '今天的朗读声音响亮、感情丰富，非常好',
  '你耐心地给同学讲题，真是个好帮手',
  '运动会上你坚持跑完全程，太了不起了',
  '你的画很有创意，大家都很喜欢',
  '这周你每天都按时完成作业，表现很好',
  '小组合作时你认真倾听别人的想法，做得好',
  '你把图书角整理得整整齐齐，谢谢你',
];

const REMIND_ZH = [
  '明天记得带上美术课要用的彩笔',
  '请按时交作业，不要拖到最后一天',
  '上课时请不要和同桌说话',
  '放学后记得把椅子推进桌子下面',
  '周五之前请把回执单交给老师',
  '下雨天路滑，上下楼梯请慢慢走',
  '别忘了明天穿运动鞋上体育课',
  '作业本上还没写名字，请记得补上',
  '考试前记得检查文具有没有带齐',
  '请在本周内把借的书还回图书角',
  '课间请不要在走廊里追跑打闹',
  '今天的值日生请记得擦黑板',
];

const PRAISE_EN = [
  'Your homework today was neat and careful, well done!',
  'You made great progress in this test, I am proud of you',
  'You put your hand up and shared great ideas in class',
  'Thank you for helping your classmates tidy the classroom',
  'Your story was lively and creative, keep it up',
  'You read aloud clearly and with feeling, excellent work',
  'You patiently explained the problem to a friend, what a great helper',
  'You kept running to the finish line on sports day, amazing effort',
  'Your drawing is so creative, everyone loves it',
  'You handed in all your homework on time this week, great job',
  'You listened carefully to your group, well done',
  'Thank you for keeping the book corner so tidy',
];

const REMIND_EN = [
  'Remember to bring your coloured pencils for art tomorrow',
  'Please hand in your homework on time',
  'Please do not chat with your neighbour during the lesson',
  'Remember to push your chair in before you go home',
  'Please give the signed form to your teacher by Friday',
  'The stairs are slippery when it rains, please walk slowly',
  'Do not forget your trainers for PE tomorrow',
  'Please remember to write your name on your exercise book',
  'Remember to check your pencil case before the test',
  'Please return your library book this week',
  'Please do not run in the corridor at break time',
  "Today's helpers, please remember to clean the board",
];

const WEATHER = [
  '今天下大雨，出门记得带伞',
  '明天是晴天，天气很暖和',
  '外面刮大风，天气有点冷',
  '天气预报说周末会下雪',
  '雨停了，天上出现了彩虹',
  '下午可能有雷阵雨，天气很闷',
  '今天阴天，风很大',
  '冬天到了，天气越来越冷',
  'It is raining hard, take an umbrella',
  'Tomorrow the weather will be sunny and warm',
  'A cold wind is blowing today',
  'The weather forecast says snow this weekend',
  'After the rain we saw a rainbow',
  'It may rain this afternoon',
  'The weather is cloudy and windy',
  'It is getting cold, winter is coming',
];

const SPORTS = [
  '我们班赢了足球比赛',
  '他每天早上去操场跑步',
  '周末一起去打篮球吧',
  '她在游泳比赛中得了第一名',
  '体育课上我们练习跳绳和跑步',
  '这场篮球比赛太精彩了',
  '我们队在比赛最后进了一个球',
  '我喜欢和朋友一起踢足球',
  'Our team won the football match',
  'He goes running every morning',
  'Let us play basketball this weekend',
  'She came first in the swimming race',
  'We practised skipping and running in PE',
  'The basketball game was so exciting',
  'Our team scored a goal at the end of the match',
  'I love playing football with my friends',
];

const FOOD = [
  '妈妈做的饺子特别好吃',
  '我早饭吃了包子和豆浆',
  '这碗面条又香又辣',
  '西瓜又甜又多汁，真好吃',
  '晚上我们去吃火锅吧',
  '奶奶做的红烧肉最好吃',
  '午饭吃米饭和青菜',
  '这个蛋糕甜甜的，很好吃',
  'Mum makes delicious dumplings',
  'I had bread and milk for breakfast',
  'These noodles are hot and spicy',
  'The watermelon is sweet and delicious',
  'Let us eat hot pot for dinner',
  'Grandma cooks the most delicious food',
  'We eat rice and vegetables for lunch',
  'This cake is sweet and tasty',
];

const TOPIC_SAMPLES: readonly StarterSample[] = [
  { text: '明天会下雨吗？', label: 0 },
  { text: 'It is too windy and cold to go out', label: 0 },
  { text: '我最喜欢踢足球', label: 1 },
  { text: 'Who won the basketball match?', label: 1 },
  { text: '这个蛋糕真好吃', label: 2 },
  { text: 'I want noodles for dinner', label: 2 },
];

export const STARTERS: readonly Starter[] = [
  {
    id: 'praise',
    project: {
      'zh-CN': {
        name: '表扬还是提醒',
        classes: [
          { name: '表扬', examples: PRAISE_ZH },
          { name: '提醒', examples: REMIND_ZH },
        ],
        settings,
      },
      en: {
        name: 'Praise or reminder',
        classes: [
          { name: 'Praise', examples: PRAISE_EN },
          { name: 'Reminder', examples: REMIND_EN },
        ],
        settings,
      },
    },
    samples: {
      'zh-CN': [
        { text: '你今天主动帮老师发作业本，谢谢你', label: 0 },
        { text: '明天上午有数学测验，记得复习', label: 1 },
        { text: '你的字越写越漂亮了，真棒', label: 0 },
        { text: '请记得带好自己的水杯', label: 1 },
      ],
      en: [
        { text: 'Thank you for helping me hand out the books', label: 0 },
        { text: 'Remember to revise for the maths test tomorrow', label: 1 },
        { text: 'Your handwriting is getting better and better, well done', label: 0 },
        { text: 'Please remember to bring your water bottle', label: 1 },
      ],
    },
  },
  {
    id: 'topics',
    project: {
      'zh-CN': {
        name: '天气、运动还是美食',
        classes: [
          { name: '天气', examples: WEATHER },
          { name: '运动', examples: SPORTS },
          { name: '美食', examples: FOOD },
        ],
        settings,
      },
      en: {
        name: 'Weather, sports or food',
        classes: [
          { name: 'Weather', examples: WEATHER },
          { name: 'Sports', examples: SPORTS },
          { name: 'Food', examples: FOOD },
        ],
        settings,
      },
    },
    samples: { 'zh-CN': TOPIC_SAMPLES, en: TOPIC_SAMPLES },
  },
];
