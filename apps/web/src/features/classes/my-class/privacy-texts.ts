/** The "what your teacher can see" card's texts (namespace `my-class-privacy`): they load with the card only. */
const en = {
  privacy: {
    title: 'What your teacher can see',
    intro: 'You are in the class {{className}}. Your teacher can see:',
    chat: '{{lab}}: the questions you ask and the answers the AI gives',
    painting: '{{lab}}: what you ask the AI to draw and the pictures you get',
    credits: 'How many credits each of these used',
    kept: 'They are kept for {{days}} days, then deleted.',
    wordList:
      'Your school has a list of words that are not allowed. A message with one of them is stopped before it reaches the AI, and your teacher can see that it was stopped.',
    labs: 'Which labs you open and when: your teacher sees this live during a lesson and on the class page.',
    ask: 'If you have a question about this, ask {{teachers}}.',
  },
  listSeparator: ', ',
};

type Texts = typeof en;

const zhCN: Texts = {
  privacy: {
    title: '老师能看到什么',
    intro: '你在 {{className}} 班。老师可以看到：',
    chat: '{{lab}}：你提的问题和 AI 的回答',
    painting: '{{lab}}：你让 AI 画的内容和画出来的图片',
    credits: '每一次用了多少积分',
    kept: '这些记录保存 {{days}} 天，之后会被删除。',
    wordList:
      '学校设置了一些不允许使用的词。如果你的话里有这样的词，它在发给 AI 之前就会被拦下，老师也能看到被拦下的内容。',
    labs: '你在什么时候打开了哪些实验：上课时老师可以实时看到，也能在班级页面上看到。',
    ask: '如果对这些有疑问，可以问{{teachers}}。',
  },
  listSeparator: '、',
};

export const privacyTexts = { en, 'zh-CN': zhCN };
