/**
 * The starter projects' texts (namespace `makeStarters`): the picker, the lesson's project and the thumbnail
 * load on demand, so their texts stay out of `/make`'s first load. The starters' own names and descriptions
 * are in their catalogue (packages/contract/src/make-starters.ts), in both languages.
 */
export const starterTexts = {
  en: {
    newFromStarter: 'New from a starter',
    pickerTitle: 'Start from a starter project',
    pickerHint: 'Each starter becomes a project of your own: change it as you like.',
    use: 'Use this starter',
    useItem: 'Use the starter “{{name}}”',
    goesWith: 'Goes with the lab: {{lab}}',
    none: 'No starter projects can be used with the blocks this studio has.',
    close: 'Close',
    lessonTitle: 'Your teacher’s project for this lesson: {{name}}',
    lessonOpen: 'Open the lesson’s project',
    lessonOpenAgain: 'Open my copy',
    lessonHint: 'You get your own copy; opening it again opens the same copy.',
    making: 'Making your copy…',
  },
  'zh-CN': {
    newFromStarter: '从入门项目新建',
    pickerTitle: '从入门项目开始',
    pickerHint: '每个入门项目都会变成你自己的项目：可以随意修改。',
    use: '使用这个入门项目',
    useItem: '使用入门项目“{{name}}”',
    goesWith: '配套实验：{{lab}}',
    none: '没有可以用本创作室现有积木打开的入门项目。',
    close: '关闭',
    lessonTitle: '老师为本节课准备的项目：{{name}}',
    lessonOpen: '打开本节课的项目',
    lessonOpenAgain: '打开我的副本',
    lessonHint: '你会得到一份自己的副本；再次打开会打开同一份副本。',
    making: '正在生成你的副本…',
  },
};
