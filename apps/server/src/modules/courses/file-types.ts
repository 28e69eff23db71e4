/**
 * What an uploaded file really is, from its first bytes (never from the name or the browser's claim):
 * PNG, JPEG, GIF, WebP, PDF, PowerPoint .pptx (a ZIP with a .pptx name), MP4 and WebM.
 */
import { withoutBidiControls, type FileKind } from '@ai-edu/contract';

export interface Sniffed {
  kind: FileKind;
  mime: string;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

export function sniffFile(head: Buffer, filename: string): Sniffed | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return { kind: 'image', mime: 'image/gif' };
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { kind: 'image', mime: 'image/webp' };
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: 'pdf', mime: 'application/pdf' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && /\.pptx$/i.test(filename)) {
    return {
      kind: 'slides',
      mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    };
  }
  if (startsWith(head, [0x66, 0x74, 0x79, 0x70], 4)) return { kind: 'video', mime: 'video/mp4' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/webm' };
  return null;
}

/**
 * A filename safe to show and to send back in Content-Disposition. Students see it, so the display-name rule
 * holds: direction overrides, which can make `notes\u202Efdp.exe` read as `notesexe.pdf`, are dropped.
 */
export function cleanFilename(name: string): string {
  const base = withoutBidiControls(name.split(/[\\/]/).pop() ?? 'file');
  const cleaned = [...base]
    .map((c) => (c.charCodeAt(0) < 0x20 || '"<>|:*?'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .slice(0, 150);
  return cleaned || 'file';
}
