/** The lab's own texts (namespace `lab-faceAnalyze`); title and description stay in the shared catalogue. */

const en = {
  tip: 'Find faces in the camera image or in a photo, and see what a model guesses about each one.',
  loading: 'Loading the face models (about 12 MB, once)…',
  loadFailed: 'The face models could not be loaded. Reload the page to try again.',
  backend: 'Running on: {{backend}}',
  source: { camera: 'Camera', photo: 'Photo' },
  live: {
    title: 'real-time face detection',
    link: 'Real-time face detection',
    linkHint: 'The face detector at the speed of your camera; turn on the face mesh to see 468 points.',
    fps: '{{fps}} frames per second',
    ms: '{{ms}} ms per frame',
    faces: 'Faces: {{count}}',
    tensors: 'Tensors in memory: {{count}}',
    frames: 'Frames: {{count}}',
    waiting: 'Waiting for the camera…',
    mesh: 'Face mesh (468 points)',
    meshHint:
      'Searching the whole picture for faces is slow, so the page does it only now and then. In between it follows each face it found: a second, smaller network looks only at the area around the face and places 468 points on it, which tells where the face moved. That is how the boxes keep up with the camera. Switch the mesh on to see those points.',
    threads: 'WebAssembly threads: {{count}}',
  },
  analyze: {
    snapshot: 'Analyse this frame',
    resume: 'Back to live video',
    noFace: 'No face found. Face the camera in good light, or try another photo.',
    photoAlt: 'The picture being analysed, with the faces found',
    canvasAria: 'Camera image with the faces found',
  },
  face: {
    title: 'Face {{n}}',
    age: 'Estimated age',
    ageValue: 'about {{age}}',
    gender: 'Gender (as the model guesses it)',
    female: 'female',
    male: 'male',
    unknown: 'not sure',
    emotion: 'Expression',
    confidence: '{{percent}} sure',
    detection: 'Detection score',
    meshLabel: 'Face mesh',
    mesh: '{{count}} points',
  },
  emotions: {
    angry: 'angry',
    disgust: 'disgusted',
    fear: 'afraid',
    happy: 'happy',
    sad: 'sad',
    surprise: 'surprised',
    neutral: 'neutral',
  },
  learn: {
    title: 'What the model can and cannot know',
    steps:
      'Four small neural networks work one after the other. A detector (BlazeFace) finds where faces are and draws a box. A mesh model places 468 points on each face, in 3D. Then one network looks at the face and guesses an age and a gender, and another one guesses an expression from seven.',
    cannot:
      'The model only sees pixels. It cannot know how old someone really is, how they feel or what their gender is: it gives the answer that looked most like this face in the photos it learnt from. A smile is not happiness, and a guessed "male" or "female" says nothing about who a person is.',
    bias: 'Bias: the training photos came mostly from the internet, with more adults than children and more of some skin tones, ages and lighting than others. For faces that are rare in those photos (children, older people, darker skin in poor light, glasses, head scarves) the guesses are wrong more often. Never use such a model to decide something about a real person.',
    privacy:
      'Everything here runs on this device: the camera image and your photos never leave the browser, and nothing is stored.',
  },
};

export type FaceAnalyzeTexts = typeof en;

const zhCN: FaceAnalyzeTexts = {
  tip: '在摄像头画面或照片中找到人脸，看看模型对每张脸的猜测。',
  loading: '正在加载人脸模型（约 12 MB，只需一次）…',
  loadFailed: '人脸模型加载失败，请刷新页面重试。',
  backend: '运行方式：{{backend}}',
  source: { camera: '摄像头', photo: '照片' },
  live: {
    title: '实时人脸检测',
    link: '实时人脸检测',
    linkHint: '人脸检测器跟上摄像头的速度；打开人脸网格可以看到 468 个点。',
    fps: '每秒 {{fps}} 帧',
    ms: '每帧 {{ms}} 毫秒',
    faces: '人脸：{{count}}',
    tensors: '内存中的张量：{{count}}',
    frames: '帧数：{{count}}',
    waiting: '正在等待摄像头…',
    mesh: '人脸网格（468 个点）',
    meshHint:
      '在整张画面里搜索人脸很慢，所以页面只是偶尔搜索一次。其余时间它跟着已经找到的每张脸：第二个更小的网络只看人脸周围的一小块，在脸上放 468 个点，由此知道脸移动到了哪里。方框就是这样跟上摄像头速度的。打开网格，就能看到这些点。',
    threads: 'WebAssembly 线程：{{count}}',
  },
  analyze: {
    snapshot: '分析这一帧',
    resume: '回到实时画面',
    noFace: '没有找到人脸。请在光线充足处正对摄像头，或换一张照片。',
    photoAlt: '正在分析的图片及找到的人脸',
    canvasAria: '摄像头画面及找到的人脸',
  },
  face: {
    title: '人脸 {{n}}',
    age: '估计年龄',
    ageValue: '约 {{age}} 岁',
    gender: '性别（模型的猜测）',
    female: '女',
    male: '男',
    unknown: '不确定',
    emotion: '表情',
    confidence: '把握 {{percent}}',
    detection: '检测得分',
    meshLabel: '人脸网格',
    mesh: '{{count}} 个点',
  },
  emotions: {
    angry: '生气',
    disgust: '厌恶',
    fear: '害怕',
    happy: '开心',
    sad: '难过',
    surprise: '惊讶',
    neutral: '平静',
  },
  learn: {
    title: '模型能知道什么，不能知道什么',
    steps:
      '四个小型神经网络依次工作：检测器（BlazeFace）找到人脸的位置并画出方框；网格模型在每张脸上放置 468 个三维点；然后一个网络猜测年龄和性别，另一个网络从七种表情中猜测一种。',
    cannot:
      '模型只能看到像素。它无法知道一个人的真实年龄、真实感受或性别，它给出的只是在学习过的照片中与这张脸最相似的答案。微笑不等于开心，模型猜的“男”或“女”也不能说明一个人是谁。',
    bias: '偏差：训练照片大多来自互联网，成年人多于儿童，某些肤色、年龄和光线条件也更多。对于在这些照片中少见的人脸（儿童、老人、光线不好时肤色较深的人、戴眼镜或头巾的人），猜错的情况更多。绝不能用这样的模型对真实的人做任何决定。',
    privacy: '这里的一切都在本设备上运行：摄像头画面和你的照片不会离开浏览器，也不会被保存。',
  },
};

export const texts = { en, 'zh-CN': zhCN };
