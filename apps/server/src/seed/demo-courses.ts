/** Two real demo courses for a fresh installation, each lesson linking to labs to try. */
import { courseSessions, courses, events, type Db } from '@ai-edu/db';
import { eventValues } from '../modules/events/service.ts';
import { count } from 'drizzle-orm';

interface DemoCourse {
  title: string;
  description: string;
  level: 'beginner' | 'intermediate';
  sessions: { title: string; labs: string[]; body: string }[];
}

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: '什么是人工智能？',
    description: '从生活中的例子出发，认识人工智能能做什么、是怎样“学会”的，以及我们应当怎样负责任地使用它。',
    level: 'beginner',
    sessions: [
      {
        title: '第 1 课　身边的人工智能',
        labs: ['aiChat', 'textKnow'],
        body: `## 学习目标

- 说出三个生活中用到人工智能的例子
- 区分“按规则办事的程序”和“从数据中学习的程序”

## 想一想

手机相册能自动认出“猫”和“狗”，导航软件能预测堵车，语音助手能听懂你说话。它们的共同点是：**不是程序员把每一条规则都写好，而是让计算机从大量例子中找到规律。**

## 动手试一试

打开 **AI 问答**，问它：“你是怎么学会回答问题的？” 再打开 **文字识别**，拍一张课本的照片，看看计算机能不能读出上面的字。

## 课后讨论

AI 回答错了怎么办？说说你会怎样检查它的答案。`,
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

在 **人脸分析** 中观察模型给出的年龄估计，说说它可能在哪些情况下出错。在 **AI 绘画** 中创作一幅画，并写一句说明：“本图由 AI 生成”。

## 课堂约定

和同学一起写下三条使用 AI 的班级约定。`,
      },
    ],
  },
  {
    title: '教计算机“看”世界',
    description: '从像素到卷积，从训练分类器到实时识别，动手体验计算机视觉是怎样工作的。',
    level: 'intermediate',
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
      },
      {
        title: '第 3 课　训练你自己的图像分类器',
        labs: ['trainImage', 'trainHandPose'],
        body: `## 学习目标

- 用摄像头采集样本，训练分类器
- 理解为什么要多角度、多光线采集

## 动手试一试

在 **图像分类训练** 中建三个类别（例如：文具、水杯、什么都没有），每类采集 30 张以上，训练后实时测试。再到 **手势训练** 中做“石头、剪刀、布”。

## 思考

换一个房间、换一种光线，准确率变了吗？为什么？`,
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

在 **人脸真假检测** 中分别用真人和手机照片测试，记录分数的差别。所有画面都只在你的设备上处理，不会上传。`,
      },
    ],
  },
];

/** Seeds the demo courses into an installation that has none. */
export async function seedDemoCourses(db: Db, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses);
  if ((row?.n ?? 0) > 0) return 0;
  for (const course of DEMO_COURSES) {
    const [created] = await db
      .insert(courses)
      .values({
        title: course.title,
        description: course.description,
        level: course.level,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: courses.id });
    await db.insert(courseSessions).values(
      course.sessions.map((s, i) => ({
        courseId: created!.id,
        position: i + 1,
        title: s.title,
        body: s.body,
        labs: s.labs,
        createdAt: now,
      })),
    );
  }
  return DEMO_COURSES.length;
}

/** A demo event running for 30 days from the first start: a redeem code and a daily check-in bonus. */
export async function seedDemoEvent(db: Db, secret: string, now = new Date()): Promise<string | null> {
  const [row] = await db.select({ n: count() }).from(events);
  if ((row?.n ?? 0) > 0) return null;
  const code = 'AILAB2026';
  await db.insert(events).values(
    eventValues(
      {
        title: '开学季 AI 挑战周 · AI Challenge Week',
        body: '## 欢迎参加开学季 AI 挑战周！\n\n- 输入兑换码 **AILAB2026** 领取 50 积分（每个账号一次）\n- 每天签到再得 5 积分\n- 用积分体验 AI 问答和 AI 绘画，把你最满意的作品分享给同学\n\nWelcome to AI Challenge Week: redeem **AILAB2026** for 50 credits once, and check in daily for 5 more.',
        startsAt: now.toISOString(),
        endsAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        redeemCode: code,
        redeemCredits: 50,
        checkinCredits: 5,
      },
      secret,
    ),
  );
  return code;
}
