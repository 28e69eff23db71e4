/** Saves text as a file from the page itself (a Blob), so nothing is fetched, not even from our server. */
export function downloadText(text: string, name: string, type = 'text/x-python'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
