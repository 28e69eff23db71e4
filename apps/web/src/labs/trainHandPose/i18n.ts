/** The lab's own texts (namespace `lab-trainHandPose`); the trainer's texts are shared (namespace `trainer`). */
const en = {
  tip: 'Teach the computer hand gestures such as rock, paper and scissors: show one hand to the camera, hold the gesture and keep the record button pressed. Then train and play.',
  howTo:
    'The model only sees the 21 hand points drawn over the video (with their depth), moved to the centre and scaled, so the hand can be anywhere in the picture. Turn the hand a little while recording, 20 to 50 samples per gesture.',
  classes: { first: 'Rock', second: 'Paper', third: 'Scissors' },
};

const zhCN: typeof en = {
  tip: '教电脑认识手势，比如石头、剪刀、布：把一只手伸到摄像头前，保持手势并按住录制按钮。然后训练，来玩一局吧。',
  howTo:
    '模型只看到画面上画出的 21 个手部关键点（含深度），并经过居中和缩放，所以手在画面哪里都可以。录制时稍微转动手，每个手势 20 到 50 个样本。',
  classes: { first: '石头', second: '布', third: '剪刀' },
};

export const texts = { en, 'zh-CN': zhCN };
