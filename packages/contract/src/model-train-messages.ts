/**
 * Model training's server messages (`docs/model-training.md`), kept apart from `serverMessages`: the first page
 * imports that object (input rules refer to it), and these texts are only needed by the server and the
 * training pages, so they stay out of the first page's JavaScript budget (docs/decisions.md, "First load").
 * `messageText` and the server's error handler read both tables.
 */
import type { Language } from './languages.ts';

export const trainMessages = {
  trainProjectLimit: {
    en: 'you have 50 training projects already: delete one first',
    'zh-CN': '你已有 50 个训练项目：请先删除一个',
  },
  trainReadOnly: {
    en: 'this project is shared with your class to read only: duplicate it to change it',
    'zh-CN': '该项目是共享给你班级的，只能查看：复制一份后再修改',
  },
  trainShareClass: {
    en: 'a project can be shared only with a class of your own',
    'zh-CN': '只能把项目共享给你自己的班级',
  },
  trainQuotaFull: {
    en: 'your training storage is full (used / limit); delete images or models first',
    'zh-CN': '你的训练存储空间已满（已用 / 上限）；请先删除一些图片或模型',
  },
  trainImageType: {
    en: 'a training image must be a JPEG, PNG or WebP file',
    'zh-CN': '训练图片必须是 JPEG、PNG 或 WebP 文件',
  },
  trainImageTooLarge: {
    en: 'the image is too large: at most 5 MB and 8,192 pixels on a side',
    'zh-CN': '图片太大：最多 5 MB，边长最多 8192 像素',
  },
  trainThumbInvalid: {
    en: 'the thumbnail must be a JPEG, PNG or WebP file of at most 64 KB',
    'zh-CN': '缩略图必须是不超过 64 KB 的 JPEG、PNG 或 WebP 文件',
  },
  trainLabelUnknown: {
    en: "a label is not one of the project's classes",
    'zh-CN': '标签不是该项目的类别之一',
  },
  trainBoxOutside: {
    en: 'a box goes outside its image',
    'zh-CN': '有标注框超出了图片范围',
  },
  trainImageLimit: {
    en: 'a project holds at most 2,000 images',
    'zh-CN': '每个项目最多 2000 张图片',
  },
  trainClassInUse: {
    en: 'a class still labels images or boxes: relabel them first',
    'zh-CN': '仍有图片或标注框使用该类别：请先修改它们的标签',
  },
  trainModelType: {
    en: 'a TF.js model is saved as a .zip file',
    'zh-CN': 'TF.js 模型须以 .zip 文件保存',
  },
  trainModelLimit: {
    en: 'too many saved models: delete one first',
    'zh-CN': '保存的模型太多：请先删除一个',
  },
  trainModelTooLarge: {
    en: 'the model file is larger than 50 MB',
    'zh-CN': '模型文件超过 50 MB',
  },
  notOnnx: {
    en: 'this is not an ONNX model (.onnx)',
    'zh-CN': '这不是 ONNX 模型（.onnx）',
  },
  onnxModelLimit: {
    en: 'you have uploaded 20 ONNX models already: delete one first',
    'zh-CN': '你已上传 20 个 ONNX 模型：请先删除一个',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type TrainMessageKey = keyof typeof trainMessages;

export function isTrainMessage(key: string): key is TrainMessageKey {
  return Object.hasOwn(trainMessages, key);
}
