/** The lab's own texts (namespace `lab-faceRealCheck`); title and description stay in the shared catalogue. */

const en = {
  tip: 'Is it a real person in front of the camera, or a photo or a screen held up to it? Two models judge the picture, and a challenge asks you to move.',
  loading: 'Loading the face models…',
  loadFailed: 'The face models could not be loaded. Reload the page to try again.',
  backend: 'Running on: {{backend}}',
  canvasAria: 'Camera image with the face found',
  noFace: 'No face in view',
  scores: {
    title: 'What the models see, live',
    real: 'Real face (anti-spoofing model)',
    realHint: 'Looks for the signs of a printed photo or a screen: moiré, glare, paper edges, flat colours.',
    live: 'Liveness (liveness model)',
    liveHint: 'Judges whether the face looks like a living face rather than a picture of one.',
    ear: 'Eye opening (eye aspect ratio): {{value}}',
    yaw: 'Head turn: {{value}}',
  },
  challenge: {
    title: 'Challenge: prove you are live',
    intro:
      'A photo cannot blink and cannot turn its head. Press start and do what is asked, one step at a time (the order changes every time, so a recorded video cannot know it).',
    start: 'Start the challenge',
    restart: 'Start again',
    now: 'Now: {{step}}',
    done: 'Challenge passed: you blinked and turned your head when asked.',
    steps: {
      blink: 'Blink your eyes',
      turnLeft: 'Turn your head to your left',
      turnRight: 'Turn your head to your right',
    },
  },
  verdict: {
    live: 'Verdict: a live person (the challenge is passed and both models agree).',
    doubt: 'Verdict: not sure. The challenge is passed, but a model doubts the picture is a real face.',
  },
  photo: {
    result:
      'This photo: real face {{real}}, liveness {{live}}. A photo can never pass the challenge: it cannot move.',
    noFace: 'No face found in this photo.',
  },
  learn: {
    title: 'How attacks work and why liveness matters',
    why: 'Face unlock on phones, school attendance machines and bank apps recognise who you are from your face. Recognition alone cannot tell your face from a picture of it: anyone with your photo could pass as you. A liveness check makes sure a real, present person is in front of the camera.',
    photo:
      'Photo attack: a printed photo or a photo on a phone is held up to the camera. Defences: texture models (paper, pixels and glare look different from skin), depth (a photo is flat), and asking the person to move.',
    screen:
      'Screen (replay) attack: a video of the person is played on a screen. It blinks and moves, but not when asked. Defences: moiré patterns and screen glare, and a random challenge the video cannot follow.',
    masks:
      'Masks and deepfakes are harder: serious systems add depth or infrared cameras. The models on this page are small and can be fooled; try it with a photo on a phone and see which check catches it.',
  },
};

export type FaceRealCheckTexts = typeof en;

const zhCN: FaceRealCheckTexts = {
  tip: '摄像头前是真人，还是举起的一张照片或一块屏幕？两个模型判断画面，一个挑战要求你动一动。',
  loading: '正在加载人脸模型…',
  loadFailed: '人脸模型加载失败，请刷新页面重试。',
  backend: '运行方式：{{backend}}',
  canvasAria: '摄像头画面及找到的人脸',
  noFace: '画面中没有人脸',
  scores: {
    title: '模型实时看到的',
    real: '真实人脸（防伪模型）',
    realHint: '寻找照片或屏幕的痕迹：摩尔纹、反光、纸张边缘、平坦的颜色。',
    live: '活体（活体模型）',
    liveHint: '判断这张脸看起来是活人的脸，还是一张脸的图片。',
    ear: '睁眼程度（眼睛纵横比）：{{value}}',
    yaw: '转头：{{value}}',
  },
  challenge: {
    title: '挑战：证明你是活人',
    intro: '照片不会眨眼，也不会转头。点击开始，按提示一步一步做（每次顺序都不同，录好的视频无法预知）。',
    start: '开始挑战',
    restart: '重新开始',
    now: '现在：{{step}}',
    done: '挑战通过：你按要求眨了眼、转了头。',
    steps: {
      blink: '眨眨眼',
      turnLeft: '把头转向你的左边',
      turnRight: '把头转向你的右边',
    },
  },
  verdict: {
    live: '结论：是活人（挑战通过，两个模型也都认可）。',
    doubt: '结论：不确定。挑战已通过，但有模型怀疑画面不是真实人脸。',
  },
  photo: {
    result: '这张照片：真实人脸 {{real}}，活体 {{live}}。照片永远无法通过挑战，因为它不会动。',
    noFace: '这张照片中没有找到人脸。',
  },
  learn: {
    title: '攻击是怎样进行的，为什么需要活体检测',
    why: '手机的人脸解锁、学校的考勤机和银行应用都通过人脸识别你是谁。但仅靠识别无法区分你的脸和你的照片：任何拿到你照片的人都可以冒充你。活体检测确保摄像头前是一个真实在场的人。',
    photo:
      '照片攻击：把打印的照片或手机上的照片举到摄像头前。防御方法：纹理模型（纸张、像素和反光与皮肤看起来不同）、深度（照片是平的），以及要求对方做动作。',
    screen:
      '屏幕（重放）攻击：在屏幕上播放这个人的视频。视频里的人会眨眼、会动，但不会按要求去做。防御方法：摩尔纹和屏幕反光，以及视频无法配合的随机挑战。',
    masks:
      '面具和深度伪造更难防范：严肃的系统会加上深度或红外摄像头。本页的模型都很小，可能被骗过；试着用手机上的照片试一试，看看哪一项检查能发现它。',
  },
};

export const texts = { en, 'zh-CN': zhCN };
