import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { ImageFileError, isImageFile, readImageFile } from './image-upload.tsx';

describe('image upload (spec §5)', () => {
  it('accepts image types only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });

  it("rejects a non-image with the spec's text, in the current language", async () => {
    await i18n.init({ lng: 'en', resources: {}, initAsync: false });
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const error = await readImageFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageFileError);
    expect((error as ImageFileError).reason).toBe('notImage');
    expect((error as ImageFileError).message).toBe('please choose a valid image file');
    await i18n.changeLanguage('zh-CN');
    const zh = await readImageFile(file).catch((e: unknown) => e);
    expect((zh as ImageFileError).message).toBe('请选择有效的图片文件');
  });
});
