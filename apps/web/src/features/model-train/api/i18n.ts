/** Texts of the API layer (messages for files refused before they are sent). */
export const texts = {
  en: {
    tooBig: 'larger than {{mb}} MB',
    notImage: 'not a picture the browser can open (use JPEG, PNG or WebP)',
    cancelled: 'cancelled',
  },
  'zh-CN': {
    tooBig: '超过 {{mb}} MB',
    notImage: '不是浏览器能打开的图片（请用 JPEG、PNG 或 WebP）',
    cancelled: '已取消',
  },
};
