import { describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { onToastWanted, registerToastApi, toast, TOAST_KEY } from './toast.ts';

function fakeMessageApi() {
  const open = vi.fn(() => Promise.resolve(true));
  return { api: { open } as unknown as MessageInstance, open };
}

describe('toast before antd message is loaded', () => {
  it('asks for the host on the first toast, then shows only the latest pending one', () => {
    const wanted = vi.fn();
    const stop = onToastWanted(wanted);
    expect(wanted).not.toHaveBeenCalled();

    toast('first');
    toast('second', 'warning');
    expect(wanted).toHaveBeenCalledTimes(2);

    const { api, open } = fakeMessageApi();
    registerToastApi(api);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(
      expect.objectContaining({ key: TOAST_KEY, type: 'warning', content: 'second' }),
    );

    // Once registered, a toast goes straight to antd and nobody is asked to load anything.
    toast('third', 'success');
    expect(open).toHaveBeenCalledTimes(2);
    expect(wanted).toHaveBeenCalledTimes(2);
    registerToastApi(null);
    stop();
  });

  it('tells a host that mounts late about a toast raised before it listened', () => {
    toast('early');
    const wanted = vi.fn();
    const stop = onToastWanted(wanted);
    expect(wanted).toHaveBeenCalledTimes(1);
    stop();
    const { api } = fakeMessageApi();
    registerToastApi(api);
    registerToastApi(null);
  });
});
