import { useEffect } from 'react';
import { message } from 'antd';
import { registerToastApi } from '../lib/toast.ts';

/**
 * antd's message API with the app's theme and locale (its context holder sits inside ConfigProvider),
 * handed to the toast module. Loaded with the first toast (lib/toast.ts), not with the first page.
 */
export default function ToastHost() {
  const [api, holder] = message.useMessage({ maxCount: 1 });
  useEffect(() => {
    registerToastApi(api);
    return () => registerToastApi(null);
  }, [api]);
  return holder;
}
