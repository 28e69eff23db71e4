/**
 * The block studio's server messages (issue 26, docs/make-studio.md), kept apart from `serverMessages` for the
 * same reason as `trainMessages`: only the server and the studio's own chunk need them, not the first page.
 * `messageText` and the server's error handler read this table too.
 */
import type { Language } from './languages.ts';

export const makeMessages = {
  makeProjectLimit: {
    en: 'you have 50 studio projects already: delete one first',
    'zh-CN': '你已有 50 个创作项目：请先删除一个',
  },
  makeWorkspaceTooLarge: {
    en: 'the program is larger than 1 MB: split it into smaller projects',
    'zh-CN': '程序超过 1 MB：请拆分成几个较小的项目',
  },
  makeWorkspaceTooDeep: {
    en: 'the program nests blocks more than 2,000 levels deep: split it into functions',
    'zh-CN': '程序中的积木嵌套超过 2000 层：请拆分成函数',
  },
  makeShareLinkGone: {
    en: 'this share link does not work: it was switched off, or it was never made',
    'zh-CN': '这个分享链接无效：它已被关闭，或从未创建过',
  },
  makeThumbnailTooLarge: {
    en: 'the thumbnail is larger than 30 KB',
    'zh-CN': '缩略图超过 30 KB',
  },
  makeThumbnailNotImage: {
    en: 'the thumbnail must be a PNG, WebP or JPEG image as a data URL',
    'zh-CN': '缩略图必须是 data URL 形式的 PNG、WebP 或 JPEG 图片',
  },
  makeUnknownStarter: {
    en: 'no starter project has this id',
    'zh-CN': '没有这个编号的入门项目',
  },
  makeNoLessonStarter: {
    en: 'your class has no running lesson with a studio project',
    'zh-CN': '你的班级当前没有附带创作项目的课堂',
  },
  makeAssetNotImage: {
    en: 'this file is not a picture: choose a PNG, JPEG, WebP or GIF image',
    'zh-CN': '这个文件不是图片：请选择 PNG、JPEG、WebP 或 GIF 图片',
  },
  makeAssetTooLarge: {
    en: 'the picture is larger than 2 MB: choose a smaller one',
    'zh-CN': '图片超过 2 MB：请选择小一些的图片',
  },
  makeAssetsProjectFull: {
    en: "this project's pictures would pass 10 MB: delete one first",
    'zh-CN': '这个项目的图片将超过 10 MB：请先删除一张',
  },
  makeAssetsTooMany: {
    en: 'a project holds at most 30 pictures: delete one first',
    'zh-CN': '一个项目最多 30 张图片：请先删除一张',
  },
  makeAssetsQuota: {
    en: 'your pictures in all your projects would pass 50 MB: delete some first',
    'zh-CN': '你所有项目中的图片将超过 50 MB：请先删除一些',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MakeMessageKey = keyof typeof makeMessages;

export function isMakeMessage(key: string): key is MakeMessageKey {
  return Object.hasOwn(makeMessages, key);
}
