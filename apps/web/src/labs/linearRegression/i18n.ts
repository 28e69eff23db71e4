/** The linear regression lab's texts (namespace `lab-linearRegression`). */
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  presets: {
    label: 'Data',
    study: 'Study hours → exam score',
    house: 'House size → price',
    noisy: 'Noisy line',
    outlier: 'A line with one outlier',
    blank: 'Blank: your own points',
  },
  notes: {
    outlier:
      'The point at the lower right is far off the line. Its squared error is huge, so it drags the whole line down. Tap it to remove it and watch the line straighten.',
  },
  axes: {
    studyX: 'Study hours',
    studyY: 'Exam score',
    houseX: 'Size (m²)',
    houseY: 'Price (10k yuan)',
    x: 'x',
    y: 'y',
  },
  plot: {
    aria: 'Data chart: click or tap to add a point',
    hint: 'Click or tap to add a point · tap a point to remove it · drag a point to move it',
    empty: 'Click anywhere on the chart to add points',
    clear: 'Clear points',
    points: '{{count}} points',
    legendGd: 'Gradient descent',
    legendLs: 'Least squares (exact)',
    residuals: 'Show errors',
  },
  train: {
    title: 'Training',
    play: 'Play',
    pause: 'Pause',
    step: 'Step',
    reset: 'Reset',
    speed: 'Speed',
    slow: 'Slow',
    normal: 'Normal',
    fast: 'Fast',
    learningRate: 'Learning rate η',
    stableBelow: 'Stable below {{limit}} for these points',
    tooLargeTag: 'Too large: will not converge',
    tooLargeButton: 'Try a too-large rate',
    steps: 'Step {{count}}',
  },
  numbers: {
    method: 'Method',
    w: 'Slope w',
    b: 'Intercept b',
    mse: 'Loss (MSE)',
    gd: 'Gradient descent',
    ls: 'Least squares (exact)',
  },
  status: {
    empty: 'Add at least two points with different x to fit a line.',
    single:
      'One point: every line through it fits perfectly, so there is no single answer. The exact method shows the flat one.',
    sameX:
      'All points have the same x, so the data say nothing about the slope. The exact method shows the flat line at the average y.',
    converged: 'Converged after {{count}} steps: the same line as the exact answer.',
    diverged: 'The loss blew up after {{count}} steps. Lower the learning rate, then press Play.',
    limit: 'Stopped after {{count}} steps. A larger learning rate gets there faster.',
  },
  surface: {
    title: 'Loss surface',
    caption: 'Dark = low loss. Click the map to start there.',
    aria: 'Loss surface map: click to start gradient descent from that point',
    wAxis: 'w (scaled)',
    bAxis: 'b (scaled)',
    offMap: 'The path has left the map',
  },
  curve: {
    title: 'Loss by step',
    caption: 'Log scale; dashed = lowest possible loss.',
    step: 'step',
    loss: 'MSE',
    minimum: 'minimum',
  },
  tooLarge: {
    title: 'What a too-large learning rate does',
    text: 'The learning rate is {{rate}}, above the limit of {{limit}} for these points. Every step jumps across the valley and lands higher up on the other side than where it started. Watch the path zig-zag outwards on the loss surface, and the loss curve climb instead of fall. In short: the stride is too long for the valley.',
  },
  learn: {
    title: 'How it works',
    model: {
      title: 'The model',
      formula: 'ŷ = w · x + b',
      text: 'A straight line with two numbers to learn: the slope w (how much y grows for each step in x) and the intercept b (where the line crosses x = 0). Training means finding the w and b that match the points best.',
    },
    loss: {
      title: 'The loss',
      formula: 'L = (1/n) · Σ (ŷᵢ − yᵢ)²',
      text: 'The mean squared error: for every point, take the vertical gap to the line (red), square it, and average. Squaring makes every gap count and a big miss count a lot, which is why one outlier can drag the whole line.',
    },
    gradient: {
      title: 'The gradient',
      formula: '∂L/∂w = (2/n) Σ (ŷᵢ − yᵢ) · xᵢ,  ∂L/∂b = (2/n) Σ (ŷᵢ − yᵢ)',
      text: 'How steeply the loss rises if w or b grows a little. It points uphill on the loss surface, so each step goes the opposite way: downhill, towards the dark centre of the map.',
    },
    rate: {
      title: 'The learning rate',
      formula: 'w ← w − η · ∂L/∂w,  b ← b − η · ∂L/∂b',
      text: 'η sets the stride of each step. Too small: the descent crawls. Too large: it overshoots the bottom of the valley, zig-zags, and above a limit the loss grows without end.',
    },
    exact: {
      title: 'The exact answer',
      formula: 'w = Σ(xᵢ − x̄)(yᵢ − ȳ) / Σ(xᵢ − x̄)²,  b = ȳ − w · x̄',
      text: 'For a straight line, the bottom of the bowl can also be computed directly (least squares). Gradient descent should end at the same place; it matters because bigger models have no such formula.',
    },
    scaling: {
      title: 'Why scale the data',
      formula: 'x̃ = (x − min) / (max − min)',
      text: 'Hours run 0–10 and prices 0–800: in raw units the valley is long and thin and no single learning rate suits every dataset. Training maps both axes to 0–1 first, so the map shows scaled w and b; the numbers in the table are converted back.',
    },
  },
};

type Texts = typeof en;

const zhCN: Texts = {
  presets: {
    label: '数据',
    study: '学习时长 → 考试成绩',
    house: '房屋面积 → 房价',
    noisy: '带噪声的直线',
    outlier: '含一个离群点',
    blank: '空白：自己放点',
  },
  notes: {
    outlier:
      '右下角那个点离直线很远，它的误差平方特别大，把整条线都往下拽。点一下把它删掉，看看直线怎样变正。',
  },
  axes: {
    studyX: '学习时长（小时）',
    studyY: '考试成绩',
    houseX: '面积（平方米）',
    houseY: '价格（万元）',
    x: 'x',
    y: 'y',
  },
  plot: {
    aria: '数据图：点击或轻触即可添加数据点',
    hint: '点击或轻触添加数据点 · 点一下已有的点可删除 · 拖动可移动',
    empty: '在图上任意位置点击，添加数据点',
    clear: '清空数据点',
    points: '{{count}} 个点',
    legendGd: '梯度下降',
    legendLs: '最小二乘（精确解）',
    residuals: '显示误差',
  },
  train: {
    title: '训练',
    play: '播放',
    pause: '暂停',
    step: '单步',
    reset: '重置',
    speed: '速度',
    slow: '慢',
    normal: '中',
    fast: '快',
    learningRate: '学习率 η',
    stableBelow: '对这组数据，小于 {{limit}} 才能收敛',
    tooLargeTag: '过大：无法收敛',
    tooLargeButton: '试试过大的学习率',
    steps: '第 {{count}} 步',
  },
  numbers: {
    method: '方法',
    w: '斜率 w',
    b: '截距 b',
    mse: '损失（MSE）',
    gd: '梯度下降',
    ls: '最小二乘（精确解）',
  },
  status: {
    empty: '至少需要两个横坐标不同的点，才能拟合出一条直线。',
    single: '只有一个点时，任何穿过它的直线都能完美拟合，答案并不唯一。精确解这里给出的是水平的那条。',
    sameX: '所有点的 x 都相同，数据里没有关于斜率的信息。精确解这里给出的是穿过 y 平均值的水平线。',
    converged: '{{count}} 步后收敛：与精确解是同一条直线。',
    diverged: '{{count}} 步后损失爆炸，训练已停止。调小学习率后再点“播放”。',
    limit: '已走完 {{count}} 步。调大学习率可以更快到达。',
  },
  surface: {
    title: '损失曲面',
    caption: '颜色越深，损失越低。点击图中可从该处出发。',
    aria: '损失曲面图：点击即可从该位置开始梯度下降',
    wAxis: 'w（缩放后）',
    bAxis: 'b（缩放后）',
    offMap: '路径已跑出图外',
  },
  curve: {
    title: '损失随步数的变化',
    caption: '对数坐标；虚线为可达到的最低损失。',
    step: '步数',
    loss: 'MSE',
    minimum: '最低',
  },
  tooLarge: {
    title: '学习率过大会怎样',
    text: '现在的学习率是 {{rate}}，超过了这组数据的上限 {{limit}}。每一步都会越过谷底，落到对面比出发点更高的地方。请观察：损失曲面上的路径来回震荡、越摆越远，损失曲线也不降反升。换句话说，步子迈得太大，跨过了整个山谷。',
  },
  learn: {
    title: '原理讲解',
    model: {
      title: '模型',
      formula: 'ŷ = w · x + b',
      text: '一条直线，只有两个数要学：斜率 w（x 每增加 1，y 增加多少）和截距 b（直线与 x = 0 相交的位置）。训练，就是找出最贴合这些点的 w 和 b。',
    },
    loss: {
      title: '损失函数',
      formula: 'L = (1/n) · Σ (ŷᵢ − yᵢ)²',
      text: '均方误差：对每个点，取它到直线的竖直距离（红线），平方后求平均。平方让每个误差都计为正数，而且大误差会被格外放大，所以一个离群点就能把整条线拉偏。',
    },
    gradient: {
      title: '梯度',
      formula: '∂L/∂w = (2/n) Σ (ŷᵢ − yᵢ) · xᵢ,  ∂L/∂b = (2/n) Σ (ŷᵢ − yᵢ)',
      text: '梯度告诉我们：w 或 b 稍微变大一点时，损失上升得有多快。它指向损失曲面的“上坡”方向，所以每一步都朝相反方向走：下坡，走向图中颜色最深的谷底。',
    },
    rate: {
      title: '学习率',
      formula: 'w ← w − η · ∂L/∂w,  b ← b − η · ∂L/∂b',
      text: 'η 决定每一步迈多大。太小，下降得很慢；太大，会冲过谷底来回震荡；超过某个上限，损失就会越来越大，再也降不下来。',
    },
    exact: {
      title: '精确解',
      formula: 'w = Σ(xᵢ − x̄)(yᵢ − ȳ) / Σ(xᵢ − x̄)²,  b = ȳ − w · x̄',
      text: '对于直线，谷底的位置也可以直接算出来（最小二乘法）。梯度下降最终应该停在同一个地方。之所以还要学梯度下降，是因为更大的模型没有这样的公式。',
    },
    scaling: {
      title: '为什么要缩放数据',
      formula: 'x̃ = (x − 最小值) / (最大值 − 最小值)',
      text: '学习时长在 0–10 之间，房价却在 0–800 之间：直接用原始单位，山谷又窄又长，很难找到一个对所有数据都合适的学习率。所以训练前先把两个坐标都缩放到 0–1，损失曲面上显示的是缩放后的 w 和 b，表格里的数字已换算回原始单位。',
    },
  },
};

export const texts = { en, 'zh-CN': zhCN };

/** The lab's `t` (from `useLabTranslation`), for components that get it as a prop. */
export type LabT = (key: LabTextKey<Texts>, options?: Record<string, unknown>) => string;
