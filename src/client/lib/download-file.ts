/** Saves text made in the browser as a file (a CSV of what a page shows): works offline, no server. */
export function downloadFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; it is released on the next turn.
  setTimeout(() => URL.revokeObjectURL(url));
}
