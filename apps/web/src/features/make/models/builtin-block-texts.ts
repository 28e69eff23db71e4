/**
 * The built-in AI blocks' texts (Blockly `Msg` keys, like the stage and model blocks'): the blocks, their
 * dropdowns and tooltips.
 */
import type { Language } from '@ai-edu/contract';

const en = {
  MAKE_AI_SPEAK: 'speak %1',
  MAKE_AI_SPEAK_TIP: 'Says the text aloud with the built-in voice, then goes on to the next block.',
  MAKE_AI_FACE_COUNT: 'number of faces',
  MAKE_AI_FACE_COUNT_TIP: 'How many faces the camera sees now.',
  MAKE_AI_FACE_X: 'face x',
  MAKE_AI_FACE_Y: 'face y',
  MAKE_AI_FACE_XY_TIP: 'Where the face is on the stage (−240 to 240 across, −180 to 180 up), like a mirror.',
  MAKE_AI_BODY_POINT: '%1 of body %2',
  MAKE_AI_HAND_POINT: '%1 of hand %2',
  MAKE_AI_POINT_TIP: 'Where this point is on the stage, like a mirror; 0 when the camera does not see it.',
  MAKE_AI_AXIS_X: 'x',
  MAKE_AI_AXIS_Y: 'y',
  MAKE_AI_NOSE: 'nose',
  MAKE_AI_LEFT_EYE: 'left eye',
  MAKE_AI_RIGHT_EYE: 'right eye',
  MAKE_AI_LEFT_SHOULDER: 'left shoulder',
  MAKE_AI_RIGHT_SHOULDER: 'right shoulder',
  MAKE_AI_LEFT_WRIST: 'left wrist',
  MAKE_AI_RIGHT_WRIST: 'right wrist',
  MAKE_AI_WRIST: 'wrist',
  MAKE_AI_THUMB_TIP: 'thumb tip',
  MAKE_AI_INDEX_TIP: 'index finger tip',
  MAKE_AI_MIDDLE_TIP: 'middle finger tip',
  MAKE_AI_RING_TIP: 'ring finger tip',
  MAKE_AI_PINKY_TIP: 'little finger tip',
  MAKE_AI_DRAWING_LABEL: 'what the drawing looks like',
  MAKE_AI_DRAWING_LABEL_TIP:
    'What the AI of the doodle lab thinks the pen’s drawing is (one of 40 things, e.g. sun, house, fish); empty when nothing is drawn.',
  MAKE_AI_DRAWING_CONFIDENCE: 'how sure about the drawing (%)',
  MAKE_AI_DRAWING_CONFIDENCE_TIP: 'How sure the AI is of what the drawing looks like: 0 to 100.',
  MAKE_AI_DRAWING_DIGIT: 'digit in the drawing',
  MAKE_AI_DRAWING_DIGIT_TIP:
    'Which digit (0–9) the AI of the handwritten-digit lab reads in the pen’s drawing; empty when nothing is drawn.',
  MAKE_AI_WHEN_HEAR: 'when I hear %1',
  MAKE_AI_WHEN_HEAR_TIP:
    'Runs each time the microphone hears this word: a word your class taught a model in the “Sound classifier” lab (then “Use in a program”).',
  MAKE_AI_HEARD_WORD: 'word heard',
  MAKE_AI_HEARD_WORD_TIP: 'The last command word the microphone heard (empty before the first).',
  MAKE_AI_HEARD_CONFIDENCE: 'how sure of the word heard (%)',
  MAKE_AI_HEARD_CONFIDENCE_TIP:
    'How sure your sound model was, from 0 to 100, of the last word it heard (a word counts from 60).',
  MAKE_AI_HEAR_DEFAULT_WORD: 'on',
  MAKE_AI_READ_TEXT: 'text the camera reads',
  MAKE_AI_READ_TEXT_TIP:
    'Reads the text the camera sees now (printed letters or Chinese characters), in this browser; empty when there is none.',
};

export type BuiltinBlockTextKey = keyof typeof en;

const zh: Record<BuiltinBlockTextKey, string> = {
  MAKE_AI_SPEAK: '朗读 %1',
  MAKE_AI_SPEAK_TIP: '用内置的声音把文字读出来，读完再运行下一块积木。',
  MAKE_AI_FACE_COUNT: '人脸数量',
  MAKE_AI_FACE_COUNT_TIP: '摄像头现在看到几张人脸。',
  MAKE_AI_FACE_X: '人脸 x 坐标',
  MAKE_AI_FACE_Y: '人脸 y 坐标',
  MAKE_AI_FACE_XY_TIP: '人脸在舞台上的位置（左右 −240 到 240，上下 −180 到 180），像照镜子一样。',
  MAKE_AI_BODY_POINT: '身体%2的 %1 坐标',
  MAKE_AI_HAND_POINT: '手%2的 %1 坐标',
  MAKE_AI_POINT_TIP: '这个点在舞台上的位置，像照镜子一样；摄像头看不到它时是 0。',
  MAKE_AI_AXIS_X: 'x',
  MAKE_AI_AXIS_Y: 'y',
  MAKE_AI_NOSE: '鼻子',
  MAKE_AI_LEFT_EYE: '左眼',
  MAKE_AI_RIGHT_EYE: '右眼',
  MAKE_AI_LEFT_SHOULDER: '左肩',
  MAKE_AI_RIGHT_SHOULDER: '右肩',
  MAKE_AI_LEFT_WRIST: '左手腕',
  MAKE_AI_RIGHT_WRIST: '右手腕',
  MAKE_AI_WRIST: '手腕',
  MAKE_AI_THUMB_TIP: '拇指指尖',
  MAKE_AI_INDEX_TIP: '食指指尖',
  MAKE_AI_MIDDLE_TIP: '中指指尖',
  MAKE_AI_RING_TIP: '无名指指尖',
  MAKE_AI_PINKY_TIP: '小指指尖',
  MAKE_AI_DRAWING_LABEL: '画的像什么',
  MAKE_AI_DRAWING_LABEL_TIP:
    '涂鸦实验的 AI 认为画笔画的是什么（40 种东西之一，比如太阳、房子、鱼）；什么都没画时为空。',
  MAKE_AI_DRAWING_CONFIDENCE: '对画的把握（%）',
  MAKE_AI_DRAWING_CONFIDENCE_TIP: 'AI 对“画的像什么”有多大把握：0 到 100。',
  MAKE_AI_DRAWING_DIGIT: '画的是数字几',
  MAKE_AI_DRAWING_DIGIT_TIP: '手写数字实验的 AI 从画笔的画里认出的数字（0–9）；什么都没画时为空。',
  MAKE_AI_WHEN_HEAR: '当我听到 %1',
  MAKE_AI_WHEN_HEAR_TIP:
    '每次麦克风听到这个词时运行：全班在“声音分类训练”实验里教给模型的词（然后点“在程序里用”）。',
  MAKE_AI_HEARD_WORD: '听到的词',
  MAKE_AI_HEARD_WORD_TIP: '麦克风最近听到的口令词（还没听到时是空的）。',
  MAKE_AI_HEARD_CONFIDENCE: '听到的词的把握 (%)',
  MAKE_AI_HEARD_CONFIDENCE_TIP: '你的声音模型对最近听到的词有多大把握（0 到 100；60 以上才算听到）。',
  MAKE_AI_HEAR_DEFAULT_WORD: '开灯',
  MAKE_AI_READ_TEXT: '摄像头读到的文字',
  MAKE_AI_READ_TEXT_TIP:
    '读出摄像头现在看到的文字（印刷的字母或汉字），就在这个浏览器里完成；没有文字时是空的。',
};

export const BUILTIN_BLOCK_TEXTS: Record<Language, Record<BuiltinBlockTextKey, string>> = {
  en,
  'zh-CN': zh,
};
