/**
 * The demo courses' text, in Chinese (stored as the original) and English (stored as a translation). Pure
 * data with no server imports, so the web's tests can check every lesson's lab links against the lab
 * registry (apps/web/src/labs/demo-courses.test.ts): a lesson may only link to a lab that is built.
 */
import type { LabSlug } from '@ai-edu/contract';

export interface DemoLesson {
  title: string;
  body: string;
  labs: LabSlug[];
  en: { title: string; body: string };
}

export interface DemoCourse {
  /** Stable seed key: how a later start finds this course again (never shown). */
  key: string;
  title: string;
  description: string;
  level: 'beginner' | 'intermediate';
  en: { title: string; description: string };
  sessions: DemoLesson[];
}

export const DEMO_COURSES: DemoCourse[] = [
  {
    key: 'demo:what-is-ai',
    title: '什么是人工智能？',
    description: '从生活中的例子出发，认识人工智能能做什么、是怎样“学会”的，以及我们应当怎样负责任地使用它。',
    level: 'beginner',
    en: {
      title: 'What is artificial intelligence?',
      description:
        'Start from everyday examples: what AI can do, how it "learns", and how to use it responsibly.',
    },
    sessions: [
      {
        title: '第 1 课　身边的人工智能',
        labs: ['faceAnalyze', 'aiChat'],
        body: `## 学习目标

- 说出三个生活中用到人工智能的例子
- 区分“按规则办事的程序”和“从数据中学习的程序”

## 想一想

手机相册能自动认出“猫”和“狗”，导航软件能预测堵车，语音助手能听懂你说话。它们的共同点是：**不是程序员把每一条规则都写好，而是让计算机从大量例子中找到规律。**

## 动手试一试

1. 打开 **人脸分析**，对着摄像头，看看计算机能不能找到你的脸，框出你的眼睛和嘴巴。
2. 如果学校的服务器已经设置好 **AI 问答**，问它：“你是怎么学会回答问题的？”

## 课后讨论

AI 回答错了怎么办？说说你会怎样检查它的答案。`,
        en: {
          title: 'Lesson 1  AI around you',
          body: `## Goals

- Name three things in daily life that use artificial intelligence
- Tell a program that follows rules from a program that learns from data

## Think about it

A phone's photo album can tell "cat" from "dog", a map app predicts traffic jams, a voice assistant understands what you say. What they share: **nobody wrote every rule by hand; the computer found the patterns in lots of examples.**

## Try it

1. Open **Face analysis** and look at the camera: can the computer find your face and mark your eyes and mouth?
2. If your school's server has **AI Q&A** set up, ask it: "How did you learn to answer questions?"

## Discuss

What if the AI gives a wrong answer? Say how you would check it.`,
        },
      },
      {
        title: '第 2 课　机器怎样从例子中学习',
        labs: ['trainText', 'trainImage'],
        body: `## 学习目标

- 理解“训练数据”“模型”“预测”三个词
- 亲手训练一个小模型

## 讲解

学习的过程可以分成三步：

1. **收集例子**：每个例子都带着正确答案（标签）。
2. **训练**：计算机不断调整模型里的数字，让它对例子的预测越来越准。
3. **预测**：对没见过的新例子给出答案。

## 动手试一试

在 **文本分类训练** 中建两个类别，例如“表扬”和“提醒”，每类写五句话，训练后输入一句新话，看看模型的判断和把握有多大。

## 思考

如果某一类只给了一个例子，模型会怎样？试一试再回答。`,
        en: {
          title: 'Lesson 2  How machines learn from examples',
          body: `## Goals

- Understand three words: training data, model, prediction
- Train a small model yourself

## Explanation

Learning happens in three steps:

1. **Collect examples**: each one comes with the right answer (its label).
2. **Train**: the computer keeps adjusting the numbers inside the model so its guesses on the examples get better.
3. **Predict**: it answers for new examples it has never seen.

## Try it

In **Text classifier**, make two classes, for example "praise" and "reminder", and write five sentences for each. Train, then type a new sentence: what does the model choose, and how sure is it?

## Think about it

What happens if one class has only a single example? Try it before you answer.`,
        },
      },
      {
        title: '第 3 课　神经网络：会调整的“数字开关”',
        labs: ['neuralNetworks', 'numberPredict'],
        body: `## 学习目标

- 知道神经元、层、权重是什么
- 观察训练时损失（loss）怎样下降

## 讲解

一个神经元把输入乘上权重再相加，经过激活函数输出。很多神经元排成一层，很多层连起来就是**神经网络**。训练就是用**反向传播**一点点调整权重，让损失变小。

## 动手试一试

打开 **神经网络游乐场**，选择“圆形”数据集，从 1 个隐藏层 2 个神经元开始训练；再加神经元，比较分界线的变化。然后去 **手写数字原理**，写一个数字，看看网络中间“看到”了什么。`,
        en: {
          title: 'Lesson 3  Neural networks: number switches that adjust',
          body: `## Goals

- Know what a neuron, a layer and a weight are
- Watch the loss go down while a network trains

## Explanation

A neuron multiplies its inputs by weights, adds them up and passes the sum through an activation function. Many neurons side by side make a layer; layers joined together make a **neural network**. Training uses **backpropagation** to adjust the weights bit by bit so the loss gets smaller.

## Try it

Open the **Neural network playground**, choose the "circle" data set and start with 1 hidden layer of 2 neurons; then add neurons and compare how the dividing line changes. Then go to **Handwritten digits**, write a digit and see what the network "sees" in between.`,
        },
      },
      {
        title: '第 4 课　负责任地使用人工智能',
        labs: ['faceAnalyze', 'textToImage'],
        body: `## 学习目标

- 认识数据偏见和隐私问题
- 制定班级使用 AI 的约定

## 讨论

- 如果训练数据里几乎都是某一类人的照片，模型对其他人会怎样？
- AI 生成的图画和文字，署名时应当怎样说明？
- 哪些照片和信息不应该上传？

## 动手试一试

在 **人脸分析** 中观察模型给出的年龄估计，说说它可能在哪些情况下出错。在 **AI 绘画** 中让小画家画一幅画，保存到“我的画作”，并写一句说明：“本图由 AI 生成”。

## 课堂约定

和同学一起写下三条使用 AI 的班级约定。`,
        en: {
          title: 'Lesson 4  Using AI responsibly',
          body: `## Goals

- Recognise data bias and privacy problems
- Agree on class rules for using AI

## Discuss

- If almost all the photos in the training data show one kind of person, how will the model do for everyone else?
- How should you label a picture or a text that AI made?
- Which photos and information should never be uploaded?

## Try it

In **Face analysis**, look at the age the model guesses and say when it might be wrong. In **AI painting**, let the tiny painter make a picture, save it to your paintings and add one line: "This picture was made by AI".

## Class rules

Write down three rules for using AI together with your classmates.`,
        },
      },
    ],
  },
  {
    key: 'demo:computer-vision',
    title: '教计算机“看”世界',
    description: '从像素到卷积，从训练分类器到实时识别，动手体验计算机视觉是怎样工作的。',
    level: 'intermediate',
    en: {
      title: 'Teaching computers to see',
      description:
        'From pixels to convolutions, from training a classifier to live recognition: try how computer vision works.',
    },
    sessions: [
      {
        title: '第 1 课　图像就是一张数字表',
        labs: ['numberPredict'],
        body: `## 学习目标

- 理解像素、灰度值和分辨率
- 看懂 28×28 的手写数字输入

## 讲解

计算机里的一张灰度图，就是一个个 0 到 255 的数字。**手写数字原理**实验会把你写的数字缩成 28×28 的小图，这正是模型看到的全部信息。

## 动手试一试

写一个很小的“7”和一个很大的“7”，比较缩放后的输入和预测结果。`,
        en: {
          title: 'Lesson 1  A picture is a table of numbers',
          body: `## Goals

- Understand pixels, grey values and resolution
- Read the 28×28 input of a handwritten digit

## Explanation

To a computer, a grey picture is just numbers from 0 to 255. The **Handwritten digits** lab shrinks the digit you write to a 28×28 picture: that is all the model ever sees.

## Try it

Write a very small "7" and a very large "7", then compare the shrunk input and the prediction.`,
        },
      },
      {
        title: '第 2 课　卷积：找边缘、找形状',
        labs: ['numberPredict', 'neuralNetworks'],
        body: `## 学习目标

- 知道卷积核在图像上“滑动”找特征
- 观察特征图

## 讲解

卷积神经网络的第一层像一组小放大镜，各自寻找横线、竖线、斜线；后面的层把它们组合成圆圈、拐角，最后组合成数字。

## 动手试一试

在手写数字实验中打开“特征图”，写“1”和“0”，比较哪些特征图亮起来。`,
        en: {
          title: 'Lesson 2  Convolution: finding edges and shapes',
          body: `## Goals

- Know that a convolution kernel "slides" over a picture looking for features
- Look at feature maps

## Explanation

The first layer of a convolutional network is like a set of small magnifying glasses, each looking for horizontal, vertical or slanted lines; later layers combine them into circles and corners, and finally into digits.

## Try it

In the handwritten digits lab, open the feature maps, write a "1" and a "0" and compare which feature maps light up.`,
        },
      },
      {
        title: '第 3 课　训练你自己的图像分类器',
        labs: ['trainImage', 'trainHandPose'],
        body: `## 学习目标

- 用摄像头采集样本，训练分类器
- 理解为什么要多角度、多光线采集

## 动手试一试

在 **图像分类训练** 中建三个类别（例如：文具、水杯、什么都没有），每类采集 30 张以上，训练后实时测试。再到 **手势分类训练** 中做“石头、剪刀、布”。

## 思考

换一个房间、换一种光线，准确率变了吗？为什么？`,
        en: {
          title: 'Lesson 3  Train your own image classifier',
          body: `## Goals

- Collect samples with the camera and train a classifier
- Understand why samples need many angles and many kinds of light

## Try it

In **Image classifier**, make three classes (for example: stationery, a cup, nothing at all), collect 30 or more pictures for each, train and test live. Then play "rock, paper, scissors" in **Hand gesture classifier**.

## Think about it

Does the accuracy change in another room or another light? Why?`,
        },
      },
      {
        title: '第 4 课　看得见的风险：人脸与真假',
        labs: ['faceAnalyze', 'faceRealCheck'],
        body: `## 学习目标

- 了解人脸检测与活体检测
- 认识照片攻击和屏幕攻击

## 讲解

人脸识别系统除了“认出是谁”，还要判断“是不是真人”。拿一张照片或手机屏幕对着摄像头，就是常见的攻击方式；活体检测通过眨眼、转头等动作来区分。

## 动手试一试

在 **真人检测** 中分别用真人和手机照片测试，记录分数的差别。所有画面都只在你的设备上处理，不会上传。`,
        en: {
          title: 'Lesson 4  Risks you can see: faces, real or fake',
          body: `## Goals

- Learn about face detection and liveness checks
- Recognise photo and screen attacks

## Explanation

Besides "who is this", a face recognition system must decide "is this a real person". Holding a photo or a phone screen up to the camera is a common attack; a liveness check tells them apart by asking you to blink or turn your head.

## Try it

In **Real face check**, test with a real face and with a photo on a phone, and write down how the scores differ. Every picture stays on your device and is never uploaded.`,
        },
      },
    ],
  },
  {
    key: 'demo:train-your-model',
    title: '训练你的第一个模型',
    description:
      '不用写代码：用文字、身体姿势、手势和声音做训练数据，亲手训练四个分类器，看看数据怎样决定模型的本领。',
    level: 'beginner',
    en: {
      title: 'Train your first model',
      description:
        'No code needed: use sentences, body poses, hand gestures and sounds as training data, train four classifiers and see how the data decides what a model can do.',
    },
    sessions: [
      {
        title: '第 1 课　教计算机分辨心情',
        labs: ['trainText'],
        body: `## 学习目标

- 会建类别、写例句、开始训练
- 知道“标签”是什么

## 动手试一试

1. 打开 **文本分类训练**，建两个类别：“开心”和“难过”。
2. 每个类别写 5 句话，比如“今天考了满分”“我的小猫生病了”。
3. 点击训练，然后输入一句新话，看模型选了哪一类、把握有多大。

## 想一想

输入一句既开心又难过的话，模型会怎么选？为什么？`,
        en: {
          title: 'Lesson 1  Teach the computer to tell moods apart',
          body: `## Goals

- Make classes, write examples and start training
- Know what a "label" is

## Try it

1. Open **Text classifier** and make two classes: "happy" and "sad".
2. Write 5 sentences for each, such as "I got full marks today" or "My kitten is ill".
3. Train, then type a new sentence: which class does the model choose, and how sure is it?

## Think about it

Type a sentence that is both happy and sad. What does the model choose, and why?`,
        },
      },
      {
        title: '第 2 课　用身体姿势当数据',
        labs: ['trainPose'],
        body: `## 学习目标

- 用摄像头采集姿势样本
- 明白样本要多样：不同的人、不同的距离

## 动手试一试

1. 打开 **姿态分类训练**，允许使用摄像头，站到能看见全身（至少上半身）的地方。
2. 建两个类别：“举起双手”和“双手叉腰”。
3. 每个类别按住录制按钮，采集 20 个以上样本，然后训练。
4. 换一个同学来做同样的动作，模型还认得出来吗？

## 想一想

如果只用你一个人的样本训练，模型对别人会不会出错？怎样让它更可靠？`,
        en: {
          title: 'Lesson 2  Your body pose as data',
          body: `## Goals

- Collect pose samples with the camera
- Understand that samples must vary: different people, different distances

## Try it

1. Open **Pose classifier**, allow the camera and stand where your whole body (at least your upper body) is in view.
2. Make two classes: "hands up" and "hands on hips".
3. For each class, hold the record button and collect 20 or more samples, then train.
4. Let a classmate do the same poses: does the model still recognise them?

## Think about it

If only your samples were used for training, might the model get other people wrong? How could you make it more reliable?`,
        },
      },
      {
        title: '第 3 课　石头、剪刀、布',
        labs: ['trainHandPose'],
        body: `## 学习目标

- 训练一个手势分类器
- 学会用“测试”检查模型

## 动手试一试

1. 打开 **手势分类训练**，把手放在摄像头前。
2. 建三个类别：“石头”“剪刀”“布”，每类采集 20 个以上样本，左右手都要有。
3. 训练后，和同桌比一比：模型当裁判，认得准吗？

## 想一想

模型把“剪刀”认成了“布”。你会补充什么样的样本来改正它？`,
        en: {
          title: 'Lesson 3  Rock, paper, scissors',
          body: `## Goals

- Train a hand gesture classifier
- Check a model by testing it

## Try it

1. Open **Hand gesture classifier** and hold your hand in front of the camera.
2. Make three classes: "rock", "paper" and "scissors"; collect 20 or more samples for each, with both hands.
3. After training, play against your neighbour with the model as referee: does it judge correctly?

## Think about it

The model calls "scissors" "paper". What samples would you add to fix it?`,
        },
      },
      {
        title: '第 4 课　教计算机听声音',
        labs: ['trainAudio', 'voiceIdentify', 'voiceSynthesis'],
        body: `## 学习目标

- 读懂声谱图：声音的“图画”
- 训练一个能分辨几种声音的模型，并用它识别你们班教的口令词
- 说出“认几个词”和“听懂整句话”的区别

## 动手试一试

1. 打开 **声音分类训练**，先录 20 秒教室里的背景声，再录两种声音（比如拍手和口哨），每种至少 8 段。
2. 看看每段录音的声谱图：拍手和口哨的“图画”有什么不同？
3. 训练后对着麦克风拍手、吹口哨，看模型的判断；保存项目文件。
4. 打开 **语音识别**，在“全班教过的口令词”里打开刚才的项目，试试它能不能听出你们的口令。
5. 打开 **语音合成**，输入一句话，看看计算机先把文字变成“音素”，再变成声音。

## 想一想

模型只学过“拍手”和“口哨”，你说“你好”时它会怎么判断？为什么听懂整句话需要大得多的模型？`,
        en: {
          title: 'Lesson 4  Teach the computer to hear',
          body: `## Goals

- Read a spectrogram: a picture of sound
- Train a model that tells a few sounds apart, and use it to recognise your class's command words
- Say how recognising a few words differs from understanding whole sentences

## Try it

1. Open **Sound classifier**: record 20 seconds of the classroom's background noise, then two sounds (say a clap and a whistle), at least 8 clips each.
2. Look at each clip's spectrogram: how do the "pictures" of a clap and a whistle differ?
3. After training, clap and whistle at the microphone and watch the model decide; save the project file.
4. Open **Voice recognition** and, under "command words your class taught", open that project: does it hear your commands?
5. Open **Speech synthesis**, type a sentence, and see the computer turn the text into phonemes and then into sound.

## Think about it

The model only learned "clap" and "whistle": what will it say when you say "hello"? Why does understanding whole sentences need a far bigger model?`,
        },
      },
    ],
  },
  {
    key: 'demo:learn-by-playing',
    title: '玩中学：游戏和图表里的 AI',
    description: '看一群小鸟用“进化”学会飞，再用一条直线做预测：在游戏和图表中理解机器是怎样一步步变好的。',
    level: 'beginner',
    en: {
      title: 'Learn by playing: AI in games and charts',
      description:
        'Watch a flock of birds learn to fly by evolution, then predict with a straight line: see in a game and a chart how machines get better step by step.',
    },
    sessions: [
      {
        title: '第 1 课　会进化的小鸟',
        labs: ['flappyBird'],
        body: `## 学习目标

- 知道“进化”也是一种让机器学习的方法
- 理解“得分高的留下来，再做一点小改变”

## 动手试一试

1. 打开 **像素小鸟**，先自己玩一局，记下你的分数。
2. 切换到“AI 学着玩”，点击开始，看一群小鸟一代一代地飞。
3. 记下第 1 代、第 5 代、第 10 代的最好成绩。

## 想一想

每一代只留下飞得最远的小鸟，再给它们的“大脑”做一点小改变。如果改变太大或太小，会怎样？调一调“变异率”试试。`,
        en: {
          title: 'Lesson 1  Birds that evolve',
          body: `## Goals

- Know that evolution is another way to make machines learn
- Understand "keep the best scorers, then change them a little"

## Try it

1. Open **Flappy Bird** and play one round yourself; write down your score.
2. Switch to "AI learns to play", press start and watch a flock of birds fly generation after generation.
3. Write down the best score of generations 1, 5 and 10.

## Think about it

Each generation keeps only the birds that flew furthest and changes their "brains" a little. What happens if the change is too big or too small? Try a different mutation rate.`,
        },
      },
      {
        title: '第 2 课　找一条最合适的直线',
        labs: ['linearRegression'],
        body: `## 学习目标

- 用一条直线根据数据做预测
- 看懂“误差”怎样一步步变小

## 动手试一试

1. 打开 **线性回归**，选择数据“空白：自己放点”，在图上点几个大致排成一条斜线的点。
2. 按“播放”，观察直线怎样慢慢转动、移动，误差怎样下降。
3. 再点一个离得很远的点，直线有什么变化？

## 想一想

身高和鞋码、气温和冷饮销量，哪些数据适合用直线来预测？哪些不适合？`,
        en: {
          title: 'Lesson 2  Find the line that fits best',
          body: `## Goals

- Use a straight line to predict from data
- See how the error gets smaller step by step

## Try it

1. Open **Linear regression**, choose the data "Blank: your own points" and click a few points that roughly lie along a slanted line.
2. Press Play and watch the line turn and move while the error goes down.
3. Add one point far away from the others: how does the line change?

## Think about it

Height and shoe size, temperature and cold-drink sales: which data can a straight line predict well, and which cannot?`,
        },
      },
      {
        title: '第 3 课　画给计算机猜',
        labs: ['quickDraw', 'writingPredict'],
        body: `## 学习目标

- 知道计算机“看”涂鸦时只看一张 28×28 的小图
- 用几幅画教会模型一个它没学过的新东西

## 动手试一试

1. 打开 **涂鸦识别**，玩一局六轮的游戏：每轮 20 秒，画出题目，看计算机边看边猜。
2. 游戏结束后看总结：哪幅画它没猜出来？打开“它是怎么做到的”，看看它学过的同类画是什么样的。
3. 打开 **简笔画预测**，画一个小人，看看前五个猜测。
4. 在“教它认识新东西”里起个新名字（比如“机器人”），画 3 幅作为例子，再画第 4 幅，看它能不能认出来。

## 想一想

模型每种东西只学过 80 幅画。你的画和它学过的画哪里不一样，让它猜错了？多教几幅会更好吗？`,
        en: {
          title: 'Lesson 3  Draw for the computer to guess',
          body: `## Goals

- Know that the computer sees a doodle as a tiny 28×28 picture
- Teach the model something new from a few drawings

## Try it

1. Open **Doodle recognition** and play a six-round game: 20 seconds a round to draw the word while the computer guesses as you draw.
2. After the game, look at the summary: which drawing did it miss? Open "How it works" and look at the drawings it learned from.
3. Open **Stick-figure prediction**, draw a stick figure and read its top five guesses.
4. Under "Teach it something new", give a new name (say "robot"), draw 3 examples, then draw a 4th: does it recognise it?

## Think about it

The model learned from only 80 drawings of each thing. What was different about your drawing when it guessed wrong? Would more examples help?`,
        },
      },
      {
        title: '第 4 课　修复一张老照片',
        labs: ['imageFix'],
        body: `## 学习目标

- 知道“修补”是用周围的像素推测被挡住的部分
- 比较普通放大和神经网络放大的区别

## 动手试一试

1. 打开 **老照片修复**，选择内置的老照片，按“自动找划痕”，看看计算机找到的蒙版。
2. 用两种修补方法分别修复，拖动对比滑块看看哪种更自然。
3. 试试自动对比度、去噪和锐化，调一调强度。
4. 把照片放大 2 倍，和普通放大比一比，哪里更清楚？

## 想一想

修补出来的地方是照片里“真的”样子吗？为什么说 AI 修复的老照片不能当作证据？`,
        en: {
          title: 'Lesson 4  Repair an old photo',
          body: `## Goals

- Know that inpainting guesses a hidden part from the pixels around it
- Compare plain enlarging with enlarging by a neural network

## Try it

1. Open **Photo restoration**, choose the built-in old photo and press "Find scratches": look at the mask the computer found.
2. Repair it with each of the two methods and drag the comparison slider: which looks more natural?
3. Try automatic contrast, denoising and sharpening, and change their strength.
4. Enlarge the photo 2× and compare it with plain enlarging: where is it sharper?

## Think about it

Is the repaired part what was "really" in the photo? Why can a photo repaired by AI not be used as evidence?`,
        },
      },
    ],
  },
  {
    key: 'demo:create-with-ai',
    title: '和 AI 一起创作',
    description:
      '看小诗人一个字一个字地写诗、小画家从噪点中画出图画，明白生成式 AI 是怎样工作的，并学会检查和说明 AI 的作品。没有网络也能上。',
    level: 'beginner',
    en: {
      title: 'Creating with AI',
      description:
        'Watch a tiny poet write one character at a time and a tiny painter paint out of noise, to see how generative AI works, and learn to check and label what AI makes. Works with no internet.',
    },
    sessions: [
      {
        title: '第 1 课　AI 是怎样写作的',
        labs: ['aiChat'],
        body: `## 学习目标

- 知道语言模型一次只预测下一个字
- 明白为什么同样的开头会写出不同的内容
- 学会检查 AI 写的东西

## 动手试一试

1. 打开 **AI 问答**。学校没有接入云端 AI 时，它直接打开“我们的小诗人”；接入了的话，点右上角的“我们的小诗人”。
2. 输入“春风”，点“开始写”：看它一个字一个字地写，每一步都列出前 5 个候选字和它们的概率。
3. 用同样的开头再写两次。把温度调到 0.2 写一次，再调到 1.8 写一次：诗有什么变化？
4. 点一个它写的字，看看写这个字时它“看”了前面哪些字；再打开“这首诗是从哪里来的？”：它是抄来的吗？
5. 把“小诗人学的是什么”换成“英文十四行诗”，输入“Shall I”：学过莎士比亚的小诗人一个字母一个字母地写，它学会了哪些英文单词？
6. 学校接入了云端 AI 的话，切换到“云端 AI”：先问一个笼统的问题“介绍一下恐龙。”，再问一个具体的问题“用三句话，给小学生介绍霸王龙吃什么。”比较两个回答。

## 想一想

小诗人和大型聊天 AI 都在“猜下一个字”，为什么大型 AI 会回答问题？AI 写的每一句都对吗？找一本书或问老师，核对其中一句。`,
        en: {
          title: 'Lesson 1  How AI writes',
          body: `## Goals

- Know that a language model predicts one next character at a time
- Understand why the same start gives different texts
- Check what AI writes

## Try it

1. Open **AI Q&A**. Without a cloud AI on the school server it opens "Our tiny poet" directly; with one, choose "Our tiny poet" at the top right.
2. Type 春风 and press "Write": watch it write one character at a time, with its top 5 choices and their probabilities at every step.
3. Write twice more with the same start. Then set the temperature to 0.2 and write, and to 1.8 and write: how does the poem change?
4. Click a character it wrote to see which earlier characters it looked at; then open "Where did this come from?": did it copy?
5. Switch "What the poet learnt from" to "English sonnets" and type "Shall I": the poet that learnt Shakespeare writes one letter at a time. Which English words has it learnt?
6. If the school has a cloud AI, switch to "Cloud AI": ask something vague ("Tell me about dinosaurs."), then something specific ("In three sentences, tell a primary school pupil what T. rex ate."), and compare the answers.

## Think about it

The tiny poet and big chat AIs both guess the next piece of text: why can the big ones answer questions? Is every sentence the AI wrote true? Check one in a book or with your teacher.`,
        },
      },
      {
        title: '第 2 课　AI 是怎样画画的',
        labs: ['textToImage'],
        body: `## 学习目标

- 知道扩散模型从一片噪点开始，一步步去掉噪点画出图画
- 明白“种子”和“引导强度”会怎样改变画作
- 知道 AI 作品要注明来源

## 动手试一试

1. 打开 **AI 绘画**。学校没有接入云端 AI 时，它直接打开“我们的小画家”；接入了的话，点右上角的“我们的小画家”。
2. 选“猫”，点“开始绘画”。拖动“从噪点到画作”下面的滑块，从第 0 步（纯噪点）看到最后一步：每一步它都在猜最后的画是什么样子（右边那幅）。
3. 记下种子，再画一次：画一样吗？点“换一片噪点”再画：这次呢？
4. 把引导强度调到 0 画一次，再调到 8 画一次：哪一幅更像猫？
5. 把最满意的一幅“保存到我的画作”，写一句说明：“本图由 AI 生成”。
6. 学校接入了云端 AI 的话，切换到“云端 AI”，输入“一只戴着宇航员头盔的橘猫，站在月球上，水彩画风格”，和小画家的猫比一比。

## 想一想

小画家只认识 40 样东西，大型绘画 AI 却能画出一句话描述的整个场景：它们多了什么？（看看页面下方的对比表。）`,
        en: {
          title: 'Lesson 2  How AI paints',
          body: `## Goals

- Know that a diffusion model starts from noise and removes it step by step to make a picture
- Understand how the seed and the guidance change the picture
- Know that AI-made work must say where it came from

## Try it

1. Open **AI painting**. Without a cloud AI on the school server it opens "Our tiny painter" directly; with one, choose "Our tiny painter" at the top right.
2. Choose "cat" and press "Paint". Drag the slider under "From noise to picture" from step 0 (pure noise) to the last step: at every step it guesses what the finished picture looks like (on the right).
3. Note the seed and paint again: is it the same picture? Press "New noise" and paint: and now?
4. Paint once with the guidance at 0 and once at 8: which looks more like a cat?
5. Save your favourite to your paintings and add one line: "This picture was made by AI".
6. If the school has a cloud AI, switch to "Cloud AI", type "an orange cat wearing an astronaut helmet, standing on the moon, watercolour style" and compare it with the tiny painter's cat.

## Think about it

The tiny painter knows only 40 things, while big painting AIs paint a whole scene from a sentence: what do they have that it lacks? (Look at the comparison table at the bottom of the page.)`,
        },
      },
    ],
  },
];
