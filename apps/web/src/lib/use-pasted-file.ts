import { useEffect } from 'react';

/** Hands `onFile` the first file pasted anywhere on the page (a picture copied from another program). */
export function usePastedFile(onFile: (file: File) => void): void {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = [...(event.clipboardData?.files ?? [])][0];
      if (!file) return;
      event.preventDefault();
      onFile(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onFile]);
}
