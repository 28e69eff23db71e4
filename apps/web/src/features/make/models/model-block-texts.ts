/**
 * The model blocks' texts (Blockly `Msg` keys, like the stage blocks'): the blocks, the Models category's
 * flyout when the student has no model yet, and what a block says of a model kept on another computer.
 */
import type { Language } from '@ai-edu/contract';

const en = {
  MAKE_MODEL_WHEN_SEES: 'when %1 sees %2',
  MAKE_MODEL_LABEL: '%1 sees',
  MAKE_MODEL_CONFIDENCE: '%1 is sure it is %2 (%)',
  MAKE_MODEL_WHEN_SEES_TIP:
    'Runs the blocks below each time the model’s best guess for the camera becomes this label.',
  MAKE_MODEL_LABEL_TIP: 'The label the model gives the camera’s picture now.',
  MAKE_MODEL_CONFIDENCE_TIP: 'How sure the model is, from 0 to 100, that the camera shows this label.',
  MAKE_MODEL_NONE: 'No models yet: train one in a trainer lab, then press “Use in a program”.',
  MAKE_MODEL_TRAIN_IMAGE: 'Train an image model',
  MAKE_MODEL_TRAIN_POSE: 'Train a pose model',
  MAKE_MODEL_TRAIN_HAND: 'Train a hand model',
  MAKE_MODEL_TRAIN_SOUND: 'Teach command words',
  MAKE_MODEL_TRAIN_TEXT: 'Train a text model',
  MAKE_MODEL_CLASSIFY_TEXT: '%1 label of text %2',
  MAKE_MODEL_CLASSIFY_TEXT_TIP:
    'The class your text model gives this text (empty when the model is not here).',
  MAKE_MODEL_TEXT_EXAMPLE: 'I love this!',
  MAKE_MODEL_CLASSIFY_COSTUME: '%1 label of the costume',
  MAKE_MODEL_CLASSIFY_COSTUME_TIP:
    'The class your image model gives the sprite’s costume as the stage shows it (a picture, a snapshot, a painted costume). Needs no camera.',
  MAKE_MODEL_CLASSIFY_ROBOT_CAMERA: '%1 label of the robot’s camera',
  MAKE_MODEL_CLASSIFY_ROBOT_CAMERA_TIP:
    'The class your image model gives what the robot world’s robot sees just ahead of it (train it on pictures of the robot’s camera).',
};

export type ModelBlockTextKey = keyof typeof en;

const zh: Record<ModelBlockTextKey, string> = {
  MAKE_MODEL_WHEN_SEES: '当 %1 看到 %2',
  MAKE_MODEL_LABEL: '%1 看到的',
  MAKE_MODEL_CONFIDENCE: '%1 认为是 %2 的把握 (%)',
  MAKE_MODEL_WHEN_SEES_TIP: '每当模型对摄像头画面的最佳判断变成这个类别时，运行下面的积木。',
  MAKE_MODEL_LABEL_TIP: '模型现在给摄像头画面的类别。',
  MAKE_MODEL_CONFIDENCE_TIP: '模型有多确定（0 到 100）摄像头里是这个类别。',
  MAKE_MODEL_NONE: '还没有模型：先在训练实验里训练一个，再点“在程序里用”。',
  MAKE_MODEL_TRAIN_IMAGE: '训练图像模型',
  MAKE_MODEL_TRAIN_POSE: '训练姿态模型',
  MAKE_MODEL_TRAIN_HAND: '训练手势模型',
  MAKE_MODEL_TRAIN_SOUND: '教口令词',
  MAKE_MODEL_TRAIN_TEXT: '训练文本模型',
  MAKE_MODEL_CLASSIFY_TEXT: '用 %1 给文字 %2 分类',
  MAKE_MODEL_CLASSIFY_TEXT_TIP: '你的文本模型给这段文字分的类别（模型不在这台电脑上时是空的）。',
  MAKE_MODEL_TEXT_EXAMPLE: '我太喜欢了！',
  MAKE_MODEL_CLASSIFY_COSTUME: '用 %1 识别造型',
  MAKE_MODEL_CLASSIFY_COSTUME_TIP:
    '你的图像模型给角色现在的造型（图片、快照或画出来的造型）分的类别。不需要摄像头。',
  MAKE_MODEL_CLASSIFY_ROBOT_CAMERA: '用 %1 识别机器人摄像头',
  MAKE_MODEL_CLASSIFY_ROBOT_CAMERA_TIP:
    '你的图像模型给机器人世界里机器人前方画面分的类别（用机器人摄像头的图片来训练它）。',
};

export const MODEL_BLOCK_TEXTS: Record<Language, Record<ModelBlockTextKey, string>> = { en, 'zh-CN': zh };
