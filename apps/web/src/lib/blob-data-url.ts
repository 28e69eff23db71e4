/** A picture (or any blob) as a `data:` URL: FileReader, so the browser encodes base64 natively, even for 20 MB. */
export function blobDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('the photo could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('the photo could not be read'));
    reader.readAsDataURL(blob);
  });
}
