/** The lab's own texts (namespace `lab-trainImage`); the trainer's texts are shared (namespace `trainer`). */
const en = {
  tip: 'Teach the computer to tell pictures apart: give each class examples from the camera (hold the button) or from image files, train, then show it something new.',
  howTo:
    'Tip: record each class from several angles and distances, with the same background for all classes, 20 to 50 samples each.',
  classes: { first: 'Class 1', second: 'Class 2' },
  // With the robot's camera (?source=robot): a sign reader for the robot, the stop class named so the studio
  // offers "Robot: stop at the stop sign" for it.
  robot: {
    classes: { road: 'Road', stop: 'Stop' },
    howTo:
      'Teach the robot to read signs: put it in front of a stop sign and record “Stop” from a few distances, then on plain road for “Road”. Train, then “Use in a program” and choose “Robot: stop at the stop sign”.',
  },
};

const zhCN: typeof en = {
  tip: '教电脑分辨图片：为每个类别采集示例（按住按钮用摄像头录制，或上传图片），训练，然后给它看新的画面。',
  howTo: '小提示：每个类别从不同角度和距离录制，各类别使用相同背景，每类 20 到 50 个样本。',
  classes: { first: '类别 1', second: '类别 2' },
  robot: {
    classes: { road: '道路', stop: '停车' },
    howTo:
      '教机器人认标志：把它放在停车标志前，从几个不同距离录制“停车”，再在普通马路上录制“道路”。训练后点“在程序里用”，选择“机器人：看到停车标志就停”。',
  },
};

export const texts = { en, 'zh-CN': zhCN };
