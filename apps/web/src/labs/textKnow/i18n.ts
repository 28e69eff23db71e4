/** The text lab's own texts (namespace `lab-textKnow`); title and description stay in the shared catalogue. */

const en = {
  tip: 'Take a photo, upload or paste a picture, or pick a sample: the computer finds every line of text and reads it, Chinese and English, right here in your browser.',
  privacy:
    'Recognition runs on this device: your picture never leaves the browser (unless you press the cloud button below).',
  input: {
    title: 'Choose a picture',
    upload: 'Upload a picture',
    camera: 'Take a photo',
    capture: 'Snap',
    closeCamera: 'Close camera',
    paste: 'Or paste a picture here with Ctrl+V (⌘V on a Mac).',
    gallery: 'Samples',
    samples: {
      sign: 'Street sign',
      page: 'Printed page',
      receipt: 'Receipt',
      poster: 'Chinese/English poster',
    },
    chosen: 'The picture',
    rotate: 'Rotate 90°',
    crop: 'Crop',
    cropHint: 'Drag over the part you want to read, then press "Read this part".',
    cropApply: 'Read this part',
    cropCancel: 'Cancel',
    whole: 'Back to the whole picture',
    recognise: 'Read the text',
  },
  errors: {
    noText: 'No text found in this picture.',
    noTextHint:
      'Try a sharper, brighter photo, hold the camera straight over the text, or crop to the part with text.',
    failed: 'Recognition failed: {{message}}',
    loadFailed: 'The text recogniser could not be loaded. Check the connection and reload the page.',
  },
  retry: 'Try again',
  loading: 'Loading the text recogniser (about 30 MB, only the first time)…',
  stages: {
    detect: 'Finding the text…',
    classify: 'Checking which way up each line is…',
    recognise: 'Reading line {{done}} of {{total}}…',
  },
  result: {
    title: 'What the computer read',
    lines: '{{count}} lines in {{seconds}} s',
    linesAria: 'Recognised lines (you can correct them)',
    lineAria: 'Line {{n}}',
    copy: 'Copy',
    copied: 'Copied',
    download: 'Download .txt',
    imageAria: 'The picture with a box around every line and word found',
    legend: 'Box colour: how sure the computer is',
    sure: 'sure (90 % or more)',
    unsure: 'fairly sure (70–90 %)',
    guess: 'guessing (under 70 %)',
    confidence: '{{percent}} sure',
  },
  how: {
    title: 'How does the computer read?',
    intro:
      'Reading happens in four steps. Everything below was made from YOUR picture just now; the computer has never seen it before.',
    regions: {
      title: '1 · Find where the text is',
      text: 'A neural network (the "detector") looks at the whole picture and gives every pixel a score: how likely is it that this pixel is part of some writing? Pixels scoring above 30 % turn white, the rest black. This black-and-white picture is exactly what the detector saw.',
      alt: 'Black-and-white map: white where the detector thinks there is text',
    },
    lines: {
      title: '2 · Cut out the lines',
      text: 'Each white patch is one line of text. The computer draws the smallest rectangle around it (it may be tilted), makes it a little bigger so no letter is cut off, then cuts the line out, straightens it and makes it 48 pixels high.',
      count: '{{count}} lines found',
    },
    chars: {
      title: '3 · Read character by character',
      text: 'A second network (the "recogniser") slides along the line from left to right. At every small step it scores each of the 6,623 characters it knows: Chinese characters, English letters, digits and punctuation. The best-scoring character at each step is kept; repeats and gaps are removed.',
      example: 'The first line, {{count}} characters, each with its own box:',
    },
    language: {
      title: '4 · Use what it learned about language',
      text: 'The recogniser was trained on millions of text lines, so it has learned which characters usually come together. When one letter is blurry, the letters around it help it guess. That is why a real word is read better than random letters.',
    },
    hard: {
      title: 'Why are handwriting and curved text hard?',
      text: 'This recogniser learned mostly from printed text: everyone writes differently, letters in handwriting touch each other and change shape, so it was never shown enough examples. Curved text (around a logo) is hard because each line is cut out as a straight rectangle: a curve does not fit in one. For messy handwriting, try the cloud AI reader on this page: a far bigger model.',
    },
  },
};

const zhCN: typeof en = {
  tip: '拍照、上传或粘贴一张图片，或者选择一个示例：电脑会找出每一行文字并读出来，中文英文都可以，全部在你的浏览器里完成。',
  privacy: '识别在本设备上进行：你的图片不会离开浏览器（除非你点击下面的云端按钮）。',
  input: {
    title: '选择图片',
    upload: '上传图片',
    camera: '拍照',
    capture: '拍下',
    closeCamera: '关闭摄像头',
    paste: '也可以按 Ctrl+V（Mac 上按 ⌘V）把图片粘贴到这里。',
    gallery: '示例',
    samples: {
      sign: '路牌',
      page: '印刷页',
      receipt: '小票',
      poster: '中英文海报',
    },
    chosen: '图片',
    rotate: '旋转 90°',
    crop: '裁剪',
    cropHint: '在图片上拖出要识别的部分，然后点击“识别这部分”。',
    cropApply: '识别这部分',
    cropCancel: '取消',
    whole: '回到整张图片',
    recognise: '识别文字',
  },
  errors: {
    noText: '这张图片里没有找到文字。',
    noTextHint: '换一张更清晰、更明亮的照片，把摄像头正对文字，或者裁剪出有文字的部分再试。',
    failed: '识别失败：{{message}}',
    loadFailed: '文字识别模型加载失败。请检查网络连接后刷新页面。',
  },
  retry: '重试',
  loading: '正在加载文字识别模型（约 30 MB，只需第一次下载）…',
  stages: {
    detect: '正在寻找文字…',
    classify: '正在判断每一行的方向…',
    recognise: '正在识别第 {{done}} / {{total}} 行…',
  },
  result: {
    title: '电脑读到的文字',
    lines: '{{count}} 行，用时 {{seconds}} 秒',
    linesAria: '识别出的文字（可以修改）',
    lineAria: '第 {{n}} 行',
    copy: '复制',
    copied: '已复制',
    download: '下载 .txt',
    imageAria: '图片上框出了找到的每一行和每个词',
    legend: '框的颜色：电脑有多确定',
    sure: '很确定（90% 以上）',
    unsure: '比较确定（70–90%）',
    guess: '在猜（低于 70%）',
    confidence: '{{percent}} 确定',
  },
  how: {
    title: '电脑是怎样读字的？',
    intro: '识别分四步。下面的图都是刚刚用你的图片算出来的，电脑以前从没见过它。',
    regions: {
      title: '1 · 找到文字在哪里',
      text: '一个神经网络（“检测器”）看整张图片，给每个像素打分：这个像素属于文字的可能性有多大？分数高于 30% 的像素变成白色，其余变成黑色。这张黑白图就是检测器看到的结果。',
      alt: '黑白图：白色是检测器认为有文字的地方',
    },
    lines: {
      title: '2 · 切出每一行',
      text: '每一块白色区域就是一行文字。电脑在它周围画一个最小的矩形（可以是斜的），再稍微放大一点，免得切掉笔画；然后把这一行切下来、摆正，缩放成 48 像素高。',
      count: '找到 {{count}} 行',
    },
    chars: {
      title: '3 · 一个字一个字地读',
      text: '第二个神经网络（“识别器”）从左到右扫过这一行。每走一小步，它都给自己认识的 6623 个字符打分：汉字、英文字母、数字和标点。每一步保留得分最高的字符，再去掉重复和空白。',
      example: '第一行，共 {{count}} 个字符，每个字符都有自己的框：',
    },
    language: {
      title: '4 · 用学到的语言知识',
      text: '识别器学习过几百万行文字，所以知道哪些字经常连在一起。某个字模糊的时候，旁边的字能帮它猜对。所以真正的词语比随便排列的字母更容易读对。',
    },
    hard: {
      title: '为什么手写字和弯曲的文字很难？',
      text: '这个识别器主要学习的是印刷体：每个人写字都不一样，手写的字常常连在一起、形状也会变，它见过的例子不够多。弯曲的文字（比如绕着标志排列）也很难，因为每一行都被切成一个直的矩形，弯曲的一行放不进去。字迹潦草的话，可以试试本页的云端 AI：一个大得多的模型。',
    },
  },
};

export const texts = { en, 'zh-CN': zhCN };
