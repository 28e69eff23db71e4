/** Texts of the classification page (namespace `model-train-cls`). */
export const texts = {
  en: {
    title: 'Classification training',
    tip: 'Teach the computer to sort pictures into classes: add pictures, train, check, try and export.',
    tabs: { data: '1 Data', train: '2 Train', evaluate: '3 Evaluate', try: '4 Try it', export: '5 Export' },
    readOnly: 'Shared by {{owner}}: you can train, evaluate and export, but not change the pictures.',
    evaluate: {
      none: 'Train a model to see how well it does on the test pictures.',
      noTest: 'The test split has no pictures: give some pictures the split "test" to evaluate.',
      perImage: 'Every test picture',
      truth: 'Labelled as',
      predicted: 'Model says',
      confidence: 'Confidence',
    },
  },
  'zh-CN': {
    title: '分类训练',
    tip: '教电脑把图片分到不同类别：添加图片、训练、检验、试用、导出。',
    tabs: { data: '1 数据', train: '2 训练', evaluate: '3 评估', try: '4 试一试', export: '5 导出' },
    readOnly: '由 {{owner}} 共享：你可以训练、评估和导出，但不能修改图片。',
    evaluate: {
      none: '训练一个模型后，就能看到它在测试图片上的表现。',
      noTest: '测试集没有图片：把一些图片设为“测试”后再评估。',
      perImage: '每张测试图片',
      truth: '标注为',
      predicted: '模型认为',
      confidence: '把握',
    },
  },
};
