/**
 * Saves a file the page already holds (a PDF that came from the API) the way a download link
 * does: an object URL for the Blob, a temporary <a download> clicked once, then both let go.
 * The URL is revoked a little later, so the browser has started reading it first.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
