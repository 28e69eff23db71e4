/**
 * The built-in gallery: pictures our own code draws (so there is no licence question), each with text a
 * 12-year-old might photograph. Fonts are the device's own (a CJK font is needed for the Chinese ones).
 */
export type SampleId = 'sign' | 'page' | 'receipt' | 'poster';

export const SAMPLE_IDS: readonly SampleId[] = ['sign', 'page', 'receipt', 'poster'];

const SANS = '"Noto Sans CJK SC", "WenQuanYi Micro Hei", "Microsoft YaHei", "PingFang SC", sans-serif';
const SERIF = 'Georgia, "Noto Serif CJK SC", "Songti SC", "WenQuanYi Micro Hei", serif';

function canvas(width: number, height: number, background: string) {
  const element = document.createElement('canvas');
  element.width = width;
  element.height = height;
  const context = element.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.textBaseline = 'middle';
  return { element, context };
}

function sign() {
  const { element, context: c } = canvas(900, 500, '#7fa7c9');
  c.fillStyle = '#1d5c2e';
  c.beginPath();
  c.roundRect(80, 90, 740, 320, 24);
  c.fill();
  c.strokeStyle = '#fff';
  c.lineWidth = 8;
  c.beginPath();
  c.roundRect(100, 110, 700, 280, 16);
  c.stroke();
  c.fillStyle = '#fff';
  c.textAlign = 'center';
  c.font = `bold 72px ${SANS}`;
  c.fillText('人民公园', 450, 190);
  c.font = `bold 56px ${SANS}`;
  c.fillText("People's Park  500 m", 450, 300);
  return element;
}

function page() {
  const { element, context: c } = canvas(1000, 700, '#fbfaf5');
  c.fillStyle = '#222';
  c.font = `bold 40px ${SERIF}`;
  c.fillText('Chapter 3: How Machines Learn', 60, 70);
  c.font = `28px ${SERIF}`;
  const lines = [
    'A computer does not understand pictures the way',
    'we do. It only sees numbers: one for each pixel.',
    'To read text, it first looks for places where',
    'writing might be, then reads each line from left',
    'to right, one small step at a time.',
    'Page 42',
  ];
  lines.forEach((line, i) => c.fillText(line, 60, 160 + i * 80));
  return element;
}

function receipt() {
  const { element, context: c } = canvas(560, 820, '#ececec');
  c.fillStyle = '#fff';
  c.fillRect(60, 30, 440, 760);
  c.fillStyle = '#111';
  c.font = `bold 34px ${SANS}`;
  c.textAlign = 'center';
  c.fillText('阳光文具店', 280, 90);
  c.font = `22px ${SANS}`;
  c.fillText('2026-03-18  10:42', 280, 140);
  const items: [string, string][] = [
    ['铅笔 Pencil x3', '4.50'],
    ['笔记本 Notebook', '8.00'],
    ['橡皮 Eraser', '1.50'],
    ['尺子 Ruler', '3.00'],
  ];
  c.font = `26px ${SANS}`;
  items.forEach(([name, price], i) => {
    c.textAlign = 'left';
    c.fillText(name, 90, 230 + i * 70);
    c.textAlign = 'right';
    c.fillText(price, 470, 230 + i * 70);
  });
  c.font = `bold 30px ${SANS}`;
  c.textAlign = 'left';
  c.fillText('合计 Total', 90, 560);
  c.textAlign = 'right';
  c.fillText('17.00', 470, 560);
  c.font = `22px ${SANS}`;
  c.textAlign = 'center';
  c.fillText('谢谢惠顾 Thank you!', 280, 680);
  return element;
}

function poster() {
  const { element, context: c } = canvas(800, 1000, '#ffe58f');
  c.fillStyle = '#d4380d';
  c.fillRect(0, 0, 800, 200);
  c.fillStyle = '#fff';
  c.textAlign = 'center';
  c.font = `bold 80px ${SANS}`;
  c.fillText('科学节', 400, 100);
  c.fillStyle = '#222';
  c.font = `bold 56px ${SANS}`;
  c.fillText('Science Festival', 400, 300);
  c.font = `40px ${SANS}`;
  c.fillText('5月20日 星期六', 400, 420);
  c.fillText('Saturday, May 20', 400, 500);
  c.fillText('机器人 · 火箭 · AI', 400, 620);
  c.fillText('Robots, Rockets and AI', 400, 700);
  c.font = `32px ${SANS}`;
  c.fillText('欢迎大家参加！ Everyone welcome!', 400, 850);
  return element;
}

const DRAW: Record<SampleId, () => HTMLCanvasElement> = { sign, page, receipt, poster };

export function drawSample(id: SampleId): HTMLCanvasElement {
  return DRAW[id]();
}
