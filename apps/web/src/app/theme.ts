import type { ThemeConfig } from 'antd';

/** Brand tokens; everything else is antd's default design language. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4f5bff',
    colorLink: '#4f5bff',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f6f7fb' },
  },
};
