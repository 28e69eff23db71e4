/** The sound classifier lab's own texts (namespace `lab-trainAudio`); title and description stay shared. */

const en = {
  tip: 'Teach the computer to tell sounds apart: record a few seconds of each sound, train, then let it listen live. Everything runs in this browser — your recordings never leave it.',
  defaults: { background: 'Background noise', class: 'Sound {{n}}' },
  classes: {
    title: 'Your sounds',
    add: 'Add a sound class',
    remove: 'Remove class',
    nameAria: 'Name of class {{n}}',
    count: '{{count}} samples',
    needMore: 'needs {{count}} more',
    record: 'Record for this class',
    recordHint: 'Hold the button to record: every second becomes one sample. Or record 1 s at a time.',
    recordBackground: 'Record 20 s of the room being quiet (or upload a recording of it).',
    closeRecorder: 'Done recording',
    backgroundWhy:
      'Why background noise? The model must also learn what "none of my sounds" sounds like, or it would call every hum and rustle one of your sounds.',
    sampleAria: 'Sample {{n}} of {{name}}: click to play',
    deleteSample: 'Delete sample {{n}}',
    uploadFailed: '{{message}}',
    tooShort: 'That recording is shorter than half a second — record a little longer.',
    added: '{{count}} samples added to {{name}}',
    full: 'This class has the most samples it can hold ({{max}}).',
  },
  train: {
    title: 'Train',
    button: 'Train the model',
    retrain: 'Train again',
    preparing: 'Turning the samples into pictures… {{done}} of {{total}}',
    training: 'Training… epoch {{epoch}} of {{epochs}}',
    needSamples: 'Every class needs at least {{min}} samples before training ({{names}} still short).',
    needClasses: 'Add at least one sound class besides the background noise.',
    needNames: 'Every class needs a different name.',
    whyEight:
      'Why at least 8? With only one or two examples the computer learns that exact recording, not the sound. More examples, said a bit differently each time, teach it what they have in common.',
    kind: 'Model',
    cnn: 'Convolutional network (uses the graphics card)',
    fast: 'Fast model (MFCC + logistic regression, no graphics card needed)',
    usingCnn:
      'This computer has a real graphics card, so the page uses the convolutional network (you can switch).',
    usingFast:
      'No graphics card found for TensorFlow.js, so the page uses the fast model, which trains in a few seconds. The convolutional network needs a graphics card to train in the browser.',
    done: 'Trained in {{seconds}} s. Accuracy on the training samples: {{accuracy}}.',
    failed: 'Training failed: {{message}}',
    chart: {
      aria: 'Loss and accuracy while training',
      empty: 'Train to see the curves',
      loss: 'Loss',
      accuracy: 'Accuracy',
    },
  },
  live: {
    title: 'Listen live',
    start: 'Start listening',
    stop: 'Stop listening',
    needModel: 'Train a model (or import one) first.',
    caption: 'What the model hears now',
    overlap: 'Window overlap',
    overlapHint:
      'The model listens to one second at a time. With overlap, each new second repeats part of the last one, so a sound cut in half by one window is heard whole in the next — more answers per second, more work for the computer.',
    top: 'Top class: {{name}}',
  },
  hood: {
    title: 'Under the hood: what the model sees',
    explain:
      'The model never hears sound the way you do. Every second is turned into a picture: time goes left to right, pitch goes bottom to top, and brighter means louder. A whistle is a thin bright line, a clap a bright smear from top to bottom. The model learns which pictures belong to which class.',
    features:
      '43 columns (one per 23 milliseconds) × 232 rows (pitches from 0 to 10,000 Hz) — the same picture for training and for listening.',
    fast: 'The fast model squeezes the picture further: 13 numbers per column describe its shape (MFCCs), and it keeps only their average and how much they change.',
  },
  files: {
    title: 'Files',
    saveProject: 'Save project',
    openProject: 'Open project',
    exportModel: 'Export model',
    importModel: 'Import model',
    onnx: 'ONNX export is not available for sound models yet.',
    opened: 'Project opened: {{count}} classes.',
    imported: 'Model imported ({{kind}}): {{labels}}.',
    failed: 'That file cannot be used: {{message}}',
    useInProgram: 'Use in a program',
    useInProgramHint: 'The block studio hears the words you taught: “when I hear ⟨word⟩”.',
    useInProgramFailed: 'The model could not be kept in this browser ({{message}}).',
    noWords: 'The model knows only background noise: add a word class and train again.',
  },
};

type Texts = typeof en;

const zhCN: Texts = {
  tip: '教电脑分辨不同的声音：每种声音录几秒，训练，然后让它实时去听。一切都在这个浏览器里完成——你的录音不会离开它。',
  defaults: { background: '背景噪声', class: '声音 {{n}}' },
  classes: {
    title: '你的声音',
    add: '添加声音类别',
    remove: '删除类别',
    nameAria: '类别 {{n}} 的名称',
    count: '{{count}} 个样本',
    needMore: '还差 {{count}} 个',
    record: '为这个类别录音',
    recordHint: '按住按钮录音：每一秒成为一个样本。也可以每次录 1 秒。',
    recordBackground: '录下 20 秒房间安静时的声音（或上传一段这样的录音）。',
    closeRecorder: '录完了',
    backgroundWhy:
      '为什么要背景噪声？模型还必须学会“不是我的任何一种声音”听起来是什么样，否则它会把每一声嗡嗡、沙沙都当成你的声音。',
    sampleAria: '{{name}} 的第 {{n}} 个样本：点击播放',
    deleteSample: '删除第 {{n}} 个样本',
    uploadFailed: '{{message}}',
    tooShort: '这段录音不到半秒——请录长一点。',
    added: '已给“{{name}}”添加 {{count}} 个样本',
    full: '这个类别的样本已经到上限（{{max}} 个）。',
  },
  train: {
    title: '训练',
    button: '训练模型',
    retrain: '重新训练',
    preparing: '正在把样本变成图……{{done}} / {{total}}',
    training: '训练中……第 {{epoch}} / {{epochs}} 轮',
    needSamples: '每个类别至少要有 {{min}} 个样本才能训练（{{names}} 还不够）。',
    needClasses: '除了背景噪声，至少再添加一个声音类别。',
    needNames: '每个类别的名称要各不相同。',
    whyEight:
      '为什么至少 8 个？只有一两个例子时，电脑只会记住那一段录音，而不是这种声音。例子越多、每次稍有不同，它就越能学到它们的共同点。',
    kind: '模型',
    cnn: '卷积神经网络（使用显卡）',
    fast: '快速模型（MFCC + 逻辑回归，不需要显卡）',
    usingCnn: '这台电脑有真正的显卡，所以页面使用卷积神经网络（可以切换）。',
    usingFast:
      'TensorFlow.js 没有找到显卡，所以页面使用快速模型，几秒钟就能训练好。卷积神经网络需要显卡才能在浏览器里训练。',
    done: '训练用时 {{seconds}} 秒。在训练样本上的准确率：{{accuracy}}。',
    failed: '训练失败：{{message}}',
    chart: { aria: '训练时的损失和准确率', empty: '训练后可以看到曲线', loss: '损失', accuracy: '准确率' },
  },
  live: {
    title: '实时识别',
    start: '开始听',
    stop: '停止',
    needModel: '请先训练（或导入）一个模型。',
    caption: '模型现在听到的',
    overlap: '窗口重叠',
    overlapHint:
      '模型每次听一秒。有重叠时，新的一秒会重复上一秒的一部分，这样被一个窗口切成两半的声音，会在下一个窗口里被完整听到——每秒给出更多答案，电脑也更忙。',
    top: '最可能：{{name}}',
  },
  hood: {
    title: '揭秘：模型看到的是什么',
    explain:
      '模型并不像你一样“听”声音。每一秒都被变成一张图：从左到右是时间，从下到上是音高，越亮表示越响。口哨是一条细细的亮线，拍手是从上到下的一片亮斑。模型学的是哪些图属于哪个类别。',
    features: '43 列（每列 23 毫秒）× 232 行（音高从 0 到 10000 赫兹）——训练和识别用的是同一种图。',
    fast: '快速模型把这张图再压缩：每一列用 13 个数描述它的形状（MFCC），只保留它们的平均值和变化大小。',
  },
  files: {
    title: '文件',
    saveProject: '保存项目',
    openProject: '打开项目',
    exportModel: '导出模型',
    importModel: '导入模型',
    onnx: '声音模型暂时不能导出为 ONNX。',
    opened: '已打开项目：{{count}} 个类别。',
    imported: '已导入模型（{{kind}}）：{{labels}}。',
    failed: '这个文件不能使用：{{message}}',
    useInProgram: '在程序里用',
    useInProgramHint: '积木编程室会听你教的词：“当我听到 ⟨词⟩”。',
    useInProgramFailed: '无法把模型保存在这个浏览器里（{{message}}）。',
    noWords: '这个模型只认识背景噪声：请加一个词的类别，再训练一次。',
  },
};

export const texts = { en, 'zh-CN': zhCN };
