/** Saves bytes the browser holds (a CSV export) under a file name, as a download. */
export function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
