/**
 * Texts of the shared trainer UI (namespace `trainer`), registered on first use like a lab's texts. Each
 * trainer page adds its own texts (title, tip, how to record) in its lab namespace.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  steps: { data: 'Collect samples', train: 'Train', preview: 'Try it' },
  source: { label: 'Where the pictures come from', camera: 'Webcam', robot: 'Robot’s camera' },
  loading: 'Loading the model on this device…',
  loadFailed: 'The model could not be loaded: {{message}}',
  retry: 'Try again',
  camera: {
    start: 'Start camera',
    stop: 'Stop camera',
    video: 'Camera picture',
    nothingSeen: 'Nothing recognised in the picture yet.',
  },
  classes: {
    defaultName: 'Class {{n}}',
    add: 'Add a class',
    maxClasses: 'At most {{limit}} classes',
    name: 'Class name',
    delete: 'Delete class',
    deleteConfirm: 'Delete "{{name}}" and its samples?',
    clear: 'Remove all samples',
    clearConfirm: 'Remove all samples of "{{name}}"?',
    confirm: 'Yes',
    cancel: 'Cancel',
    hold: 'Hold to record',
    recording: 'Recording…',
    holdHint: 'Keep the button pressed: a sample is taken from the camera several times a second.',
    upload: 'Upload images',
    samples: { one: '{{n}} sample', other: '{{n}} samples' },
    empty: 'No samples yet.',
    removeSample: 'Remove sample {{n}}',
    sampleList: 'Samples of {{name}}',
    full: 'This class is full ({{limit}} samples).',
    skipped: { one: '{{n}} file skipped: {{reason}}', other: '{{n}} files skipped: {{reason}}' },
    nothingInImage: 'nothing recognised in the image',
    // While "hold to record" is pressed and the camera frame has nothing to sample.
    recordMiss: {
      image: 'Nothing recognised in the picture.',
      pose: 'No body found in the picture — step back so the camera sees your whole body.',
      hand: 'No hand found in the picture — hold your hand in front of the camera.',
    },
    missReason: { image: 'nothing recognised', pose: 'no body found', hand: 'no hand found' },
    framesSkipped: {
      one: '{{n}} frame skipped: {{reason}}',
      other: '{{n}} frames skipped: {{reason}}',
    },
    nameProblem: {
      empty: 'A class needs a name.',
      tooLong: 'At most {{limit}} characters.',
      duplicate: 'Another class already has this name.',
    },
  },
  train: {
    button: 'Train model',
    again: 'Train again',
    training: 'Training…',
    stop: 'Stop',
    blockFewClasses: 'Add at least two classes.',
    blockEmpty: 'Add samples to "{{name}}".',
    ready: '{{samples}} samples in {{classes}} classes.',
    stale: 'The samples changed since training: train again to use them.',
    progress: 'Epoch {{epoch}} of {{epochs}}',
    done: 'Trained: {{accuracy}} right on {{count}} held-out samples.',
    doneTraining: 'Trained: {{accuracy}} right on the training samples (too few samples to hold some out).',
    settings: 'Settings',
    epochs: 'Epochs',
    learningRate: 'Learning rate',
    batchSize: 'Batch size',
    hiddenUnits: 'Hidden units (0 = none)',
    holdOut: 'Held out for testing',
    patience: 'Stop early after (epochs without progress, 0 = never)',
  },
  preview: {
    bars: 'Confidence of each class',
    bar: '{{name}}: {{percent}}',
    noModel: 'Train a model (or import one) to see its predictions here.',
    testImage: 'Test with an image',
    result: 'Prediction: {{name}} ({{percent}})',
    resultLabel: 'Prediction for the test image',
    live: 'Live from the camera',
    liveRobot: 'Live from the robot’s camera',
    image: 'For the test image',
    analysing: 'Looking at the image…',
    imported: 'Imported model with classes: {{labels}}',
  },
  hood: {
    title: 'Under the hood',
    model: 'Model',
    modelText:
      '{{features}} numbers per sample → {{hidden}} → {{classes}} class probabilities (softmax). Trained for {{epochs}} epochs with learning rate {{learningRate}} on {{train}} samples.',
    hiddenLayer: 'hidden layer of {{n}} units (ReLU)',
    noHidden: 'no hidden layer',
    chart: 'Loss and accuracy per epoch',
    chartEmpty: 'Train to see the curves',
    loss: 'Loss',
    accuracy: 'Accuracy (held out)',
    perClass: 'Accuracy per class',
    class: 'Class',
    samples: 'Samples tested',
    classAccuracy: 'Accuracy',
    none: '—',
    confusion: 'Confusion matrix',
    confusionHint: 'Rows: the real class. Columns: what the model said. The diagonal is right.',
    actual: 'Real \\ predicted',
    measuredHeldOut: 'Measured on {{count}} samples the model did not train on.',
    measuredTraining: 'Measured on the training samples (too few samples to hold some out).',
  },
  files: {
    saveProject: 'Save project',
    openProject: 'Open project',
    exportModel: 'Export model',
    importModel: 'Import model',
    useInProgram: 'Use in a program',
    useInProgramFailed: 'The model could not be kept in this browser ({{message}}).',
    projectName: 'trainer-project',
    modelName: 'trainer-model',
    saved: 'Saved as {{file}}',
    opened: 'Opened "{{file}}"',
    modelImported: 'Model imported from "{{file}}"',
    openFailed: 'Could not open "{{file}}". Nothing was changed.',
    replaceTitle: 'Replace the current project?',
    replaceText: 'The samples you collected will be replaced by the file.',
    replace: 'Replace',
    cancel: 'Cancel',
    errors: {
      tooLarge: 'The file is too large.',
      notJson: 'The file is not readable JSON.',
      notProject: 'This is not a trainer project file.',
      notModel: 'This zip is not a model exported by a trainer.',
      newerVersion: 'The file was saved by a newer version of the trainer.',
      wrongInput: 'The file belongs to another trainer ({{detail}}).',
      wrongExtractor: 'The file was made with another feature extractor and cannot be used here.',
      damaged: 'The file is damaged (at {{detail}}).',
      notZip: 'The file is not a zip archive.',
      missingFile: 'The zip has no {{detail}}.',
    },
    inputs: { image: 'image trainer', pose: 'pose trainer', hand: 'hand gesture trainer' },
  },
};

const zhCN: typeof en = {
  steps: { data: '采集样本', train: '训练', preview: '试一试' },
  source: { label: '图片从哪里来', camera: '电脑摄像头', robot: '机器人的摄像头' },
  loading: '正在本设备上加载模型…',
  loadFailed: '模型加载失败：{{message}}',
  retry: '重试',
  camera: {
    start: '打开摄像头',
    stop: '关闭摄像头',
    video: '摄像头画面',
    nothingSeen: '画面中暂未识别到目标。',
  },
  classes: {
    defaultName: '类别 {{n}}',
    add: '添加类别',
    maxClasses: '最多 {{limit}} 个类别',
    name: '类别名称',
    delete: '删除类别',
    deleteConfirm: '删除“{{name}}”及其样本？',
    clear: '清空样本',
    clearConfirm: '清空“{{name}}”的所有样本？',
    confirm: '确定',
    cancel: '取消',
    hold: '按住录制',
    recording: '录制中…',
    holdHint: '按住按钮不放：每秒从摄像头采集多个样本。',
    upload: '上传图片',
    samples: { one: '{{n}} 个样本', other: '{{n}} 个样本' },
    empty: '还没有样本。',
    removeSample: '删除第 {{n}} 个样本',
    sampleList: '“{{name}}”的样本',
    full: '该类别已满（{{limit}} 个样本）。',
    skipped: { one: '跳过 {{n}} 个文件：{{reason}}', other: '跳过 {{n}} 个文件：{{reason}}' },
    nothingInImage: '图片中没有识别到目标',
    recordMiss: {
      image: '画面中没有识别到目标。',
      pose: '画面中没有找到人体——请往后站，让摄像头看到你的全身。',
      hand: '画面中没有找到手——请把手放在摄像头前。',
    },
    missReason: { image: '没有识别到目标', pose: '没有找到人体', hand: '没有找到手' },
    framesSkipped: { one: '跳过 {{n}} 帧：{{reason}}', other: '跳过 {{n}} 帧：{{reason}}' },
    nameProblem: {
      empty: '类别需要一个名称。',
      tooLong: '最多 {{limit}} 个字符。',
      duplicate: '已有同名类别。',
    },
  },
  train: {
    button: '训练模型',
    again: '重新训练',
    training: '训练中…',
    stop: '停止',
    blockFewClasses: '请至少添加两个类别。',
    blockEmpty: '请为“{{name}}”添加样本。',
    ready: '共 {{classes}} 个类别、{{samples}} 个样本。',
    stale: '训练后样本有变化：重新训练才能用上它们。',
    progress: '第 {{epoch}} / {{epochs}} 轮',
    done: '训练完成：留出的 {{count}} 个样本中正确率 {{accuracy}}。',
    doneTraining: '训练完成：训练样本上正确率 {{accuracy}}（样本太少，无法留出测试样本）。',
    settings: '设置',
    epochs: '训练轮数',
    learningRate: '学习率',
    batchSize: '批大小',
    hiddenUnits: '隐藏层单元数（0 = 无）',
    holdOut: '留作测试的比例',
    patience: '提前停止（多少轮没有进步，0 = 不停止）',
  },
  preview: {
    bars: '各类别的置信度',
    bar: '{{name}}：{{percent}}',
    noModel: '训练（或导入）模型后，在这里查看预测结果。',
    testImage: '用图片测试',
    result: '预测：{{name}}（{{percent}}）',
    resultLabel: '测试图片的预测结果',
    live: '摄像头实时预测',
    liveRobot: '机器人摄像头实时预测',
    image: '测试图片',
    analysing: '正在识别图片…',
    imported: '已导入模型，类别：{{labels}}',
  },
  hood: {
    title: '原理揭秘',
    model: '模型',
    modelText:
      '每个样本 {{features}} 个数 → {{hidden}} → {{classes}} 个类别的概率（softmax）。训练 {{epochs}} 轮，学习率 {{learningRate}}，训练样本 {{train}} 个。',
    hiddenLayer: '{{n}} 个单元的隐藏层（ReLU）',
    noHidden: '无隐藏层',
    chart: '每轮的损失和正确率',
    chartEmpty: '训练后显示曲线',
    loss: '损失',
    accuracy: '正确率（留出样本）',
    perClass: '各类别正确率',
    class: '类别',
    samples: '测试样本数',
    classAccuracy: '正确率',
    none: '—',
    confusion: '混淆矩阵',
    confusionHint: '行：真实类别；列：模型的判断；对角线上是判断正确的。',
    actual: '真实 \\ 预测',
    measuredHeldOut: '在模型没有训练过的 {{count}} 个样本上测量。',
    measuredTraining: '在训练样本上测量（样本太少，无法留出测试样本）。',
  },
  files: {
    saveProject: '保存项目',
    openProject: '打开项目',
    exportModel: '导出模型',
    importModel: '导入模型',
    useInProgram: '在程序里用',
    useInProgramFailed: '无法把模型保存在这个浏览器里（{{message}}）。',
    projectName: 'trainer-project',
    modelName: 'trainer-model',
    saved: '已保存为 {{file}}',
    opened: '已打开“{{file}}”',
    modelImported: '已从“{{file}}”导入模型',
    openFailed: '无法打开“{{file}}”，当前内容没有改变。',
    replaceTitle: '替换当前项目？',
    replaceText: '已采集的样本将被文件中的内容替换。',
    replace: '替换',
    cancel: '取消',
    errors: {
      tooLarge: '文件太大。',
      notJson: '文件不是有效的 JSON。',
      notProject: '这不是训练器的项目文件。',
      notModel: '这个压缩包不是训练器导出的模型。',
      newerVersion: '文件由更新版本的训练器保存。',
      wrongInput: '文件属于另一个训练器（{{detail}}）。',
      wrongExtractor: '文件使用了不同的特征提取器，无法在这里使用。',
      damaged: '文件已损坏（位置：{{detail}}）。',
      notZip: '文件不是 zip 压缩包。',
      missingFile: '压缩包中缺少 {{detail}}。',
    },
    inputs: { image: '图像训练器', pose: '姿态训练器', hand: '手势训练器' },
  },
};

const NS = 'trainer';
export type TrainerTextKey = LabTextKey<typeof en>;
export type TrainerT = (key: TrainerTextKey, options?: Record<string, unknown>) => string;

function register(): void {
  for (const [lang, texts] of [
    ['en', en],
    ['zh-CN', zhCN],
  ] as const) {
    if (!i18n.hasResourceBundle(lang, NS)) i18n.addResourceBundle(lang, NS, texts, true, false);
  }
}

type LooseT = (key: string, options?: Record<string, unknown>) => string;

export function useTrainerTexts(): { t: TrainerT; language: string } {
  register();
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  const t = useCallback<TrainerT>(
    (key, options) => (instance.t as unknown as LooseT)(key, { ...options, ns: NS, lng: language }),
    [instance, language],
  );
  return { t, language };
}

/** "87%" in the page's language. */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en' : 'zh-CN', {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(value);
}
