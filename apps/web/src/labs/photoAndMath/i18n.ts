/** The lab's own texts (namespace `lab-photoAndMath`); title and description stay in the shared catalogue. */

const en = {
  tip: 'Photograph or upload a page of sums (like 23 + 45 = 68). The page finds every line, reads it, works out the right answer exactly and marks it ✓ or ✗. Fix any line it misread and it is marked again.',
  source: {
    title: '1 · The page',
    upload: 'Upload a photo',
    camera: 'Use the camera',
    takePhoto: 'Take the photo',
    cancelCamera: 'Close the camera',
    samplePrinted: 'Sample: printed sheet',
    sampleHandwritten: 'Sample: handwritten sheet',
    photoAlt: 'The page with each line marked',
  },
  mode: {
    label: 'The sums are',
    printed: 'Printed',
    handwritten: 'Handwritten',
    explain:
      'You choose, because a picture alone does not say it reliably. Printed sums are read by the same text-reading (OCR) models as the textKnow lab; handwritten ones by our own small network, trained on handwritten digits and drawn operators. The samples choose for you. Changing it reads the page again.',
  },
  status: {
    loadingOcr: 'Loading the text-reading models (once)…',
    loadingModel: 'Loading the handwriting network (once)…',
    reading: 'Reading the page…',
    failed: 'The page could not be read: {{error}}',
    noLines: 'No lines of writing were found. Try a sharper photo with dark writing on light paper.',
  },
  summary: {
    title: '2 · Marked',
    score: '{{right}} of {{total}} right',
    unreadable: '{{count}} line(s) could not be read',
    unsure: 'Orange lines: the page was not sure what it read. Check them below.',
  },
  lines: {
    title: '3 · What was read',
    hint: 'Every line can be corrected: type what is really written and it is marked again at once.',
    line: 'Line {{n}}',
    right: '✓ right',
    wrong: '✗ wrong, the answer is {{expected}}',
    unsure: 'not sure, check it ({{percent}})',
    edited: 'corrected by you',
    inputAria: 'What line {{n}} says',
  },
  reason: {
    empty: "can't read this line: it is empty",
    strangeCharacter: "can't read this line: it has a sign that is not part of a sum",
    noEquals: "can't read this line: there is no =",
    noAnswer: "can't read this line: there is no answer after =",
    syntax: "can't read this line: it is not a sum like 12 + 8 = 20",
    divideByZero: "can't check this line: it divides by zero",
    remainderNeedsDivision: "can't check this line: a remainder (…) only goes with one whole-number division",
  },
  how: {
    title: 'How it works',
    steps:
      'Step 1: find the lines. Step 2: read each line. Step 3: compute the exact answer: the computer works with fractions, never rounded decimals, so 0.1 + 0.2 is exactly 0.3. Step 4: compare with the written answer.',
    printed:
      'Printed: a detector network finds where the text lines are (the boxes on the photo), a recognition network reads each line letter by letter. It reads ordinary text, so × sometimes comes back as x and ÷ as ":" — we change such look-alikes into the maths signs afterwards.',
    handwritten:
      'Handwritten: the page is turned into ink and paper, rows without ink separate the lines, and ink pixels that touch make up a character; pieces above each other (the two bars of =) are one character, and tiny ones are dots. Each character is shrunk to 28 × 28 pixels and a small network, trained on 8,000 handwritten digits and 5,600 drawn signs, gives its three best guesses.',
    arithmetic: 'The arithmetic',
    crops: 'What the network saw, with its three best guesses',
    chars: 'Characters read, with how sure the reader was',
    lineBoxes: 'The blue boxes on the photo are the lines that were found.',
    accuracy:
      'The handwriting network is right on {{percent}} of {{count}} test symbols it never trained on.',
  },
};

type Texts = typeof en;

const zhCN: Texts = {
  tip: '拍照或上传一页口算题（例如 23 + 45 = 68）。页面会找到每一行、读出来、精确算出正确答案，并打上 ✓ 或 ✗。如果有哪一行读错了，改正后会立即重新批改。',
  source: {
    title: '1 · 作业页',
    upload: '上传照片',
    camera: '使用摄像头',
    takePhoto: '拍照',
    cancelCamera: '关闭摄像头',
    samplePrinted: '示例：打印的作业',
    sampleHandwritten: '示例：手写的作业',
    photoAlt: '已批改的作业页',
  },
  mode: {
    label: '题目是',
    printed: '打印的',
    handwritten: '手写的',
    explain:
      '由你来选，因为单看图片很难可靠地判断。打印的题目由和“文字识别”实验相同的 OCR 模型来读；手写的题目由我们自己训练的小网络来读，它学过手写数字和画出来的运算符号。示例会自动选择。切换后会重新读这一页。',
  },
  status: {
    loadingOcr: '正在加载文字识别模型（只需一次）…',
    loadingModel: '正在加载手写识别网络（只需一次）…',
    reading: '正在读这一页…',
    failed: '无法读取这一页：{{error}}',
    noLines: '没有找到文字行。请换一张更清晰、浅色纸上深色字的照片。',
  },
  summary: {
    title: '2 · 批改结果',
    score: '{{total}} 题中对了 {{right}} 题',
    unreadable: '有 {{count}} 行无法读取',
    unsure: '橙色的行：页面不确定自己读得对不对，请在下面检查。',
  },
  lines: {
    title: '3 · 读到的内容',
    hint: '每一行都可以修改：输入实际写的内容，会立即重新批改。',
    line: '第 {{n}} 行',
    right: '✓ 正确',
    wrong: '✗ 错误，正确答案是 {{expected}}',
    unsure: '不确定，请检查（{{percent}}）',
    edited: '已由你改正',
    inputAria: '第 {{n}} 行的内容',
  },
  reason: {
    empty: '无法读取这一行：这一行是空的',
    strangeCharacter: '无法读取这一行：里面有不属于算式的符号',
    noEquals: '无法读取这一行：没有等号',
    noAnswer: '无法读取这一行：等号后面没有答案',
    syntax: '无法读取这一行：它不像 12 + 8 = 20 这样的算式',
    divideByZero: '无法检查这一行：除数是零',
    remainderNeedsDivision: '无法检查这一行：余数（…）只能用在一个整数除法里',
  },
  how: {
    title: '它是怎么工作的',
    steps:
      '第 1 步：找到每一行。第 2 步：读出每一行。第 3 步：精确计算答案：计算机用分数计算，从不使用四舍五入的小数，所以 0.1 + 0.2 正好等于 0.3。第 4 步：和写下的答案比较。',
    printed:
      '打印的：一个检测网络找到文字行在哪里（照片上的方框），一个识别网络逐字读出每一行。它读的是普通文字，所以 × 有时会被读成 x，÷ 被读成“:”——我们之后再把这些相似的字符换成数学符号。',
    handwritten:
      '手写的：先把照片分成墨迹和纸张，没有墨迹的行把题目分开，相连的墨迹像素组成一个字符；上下叠在一起的部分（等号的两横）算一个字符，很小的是点。每个字符被缩小到 28 × 28 像素，由一个小网络给出最可能的三个猜测。这个网络学过 8000 个手写数字和 5600 个画出来的符号。',
    arithmetic: '计算过程',
    crops: '网络看到的内容和它最可能的三个猜测',
    chars: '读到的字符以及识别器有多确定',
    lineBoxes: '照片上的蓝色方框是找到的行。',
    accuracy: '手写识别网络在 {{count}} 个从未学过的测试符号上的正确率是 {{percent}}。',
  },
};

export const texts = { en, 'zh-CN': zhCN };
