/** The lab's own texts (namespace `lab-trainPose`); the trainer's texts are shared (namespace `trainer`). */
const en = {
  tip: 'Teach the computer your poses: stand back so the camera sees your whole body, hold a pose and keep the record button pressed, one class per pose. Then train and strike a pose.',
  howTo:
    'The model only sees the 17 body points drawn over the video (not the picture), moved to the centre and scaled, so it does not matter where you stand. Record each pose with small variations, 20 to 50 samples.',
  classes: { first: 'Hands up', second: 'T-pose', third: 'Squat' },
};

const zhCN: typeof en = {
  tip: '教电脑认识你的姿势：站远一点让摄像头看到全身，摆好姿势并按住录制按钮，每个姿势一个类别。然后训练，再摆个姿势试试。',
  howTo:
    '模型只看到画面上画出的 17 个身体关键点（而不是图像本身），并经过居中和缩放，所以站在哪里都没关系。每个姿势做些小变化，录制 20 到 50 个样本。',
  classes: { first: '举手', second: 'T 字姿势', third: '下蹲' },
};

export const texts = { en, 'zh-CN': zhCN };
