/** Texts of the dataset panel (cls) and its shared pieces. */
export const texts = {
  en: {
    quota: 'Storage: {{used}} of {{limit}}',
  },
  'zh-CN': {
    quota: '存储空间：已用 {{used}}，共 {{limit}}',
  },
};
