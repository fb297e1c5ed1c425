/**
 * The data saver's side effects (issue 28; machines/dataSaver.ts): the choice kept on this device
 * under `dataSaver`, the browser's own data saver (`navigator.connection.saveData`), and the mark on
 * the page (`data-data-saver` on <html>) that styles, views and effects follow.
 */
export const DATA_SAVER_KEY = 'dataSaver';

export function readStoredDataSaver(): string | null {
  try {
    return localStorage.getItem(DATA_SAVER_KEY);
  } catch {
    return null;
  }
}

/** Her choice, kept even when it is off: an explicit "off" wins over the browser's own data saver. */
export function storeDataSaver(on: boolean) {
  try {
    localStorage.setItem(DATA_SAVER_KEY, on ? '1' : '0');
  } catch {
    // storage disabled: the choice still holds for this visit
  }
}

/** True when the browser says she asked it to save data (Chromium's Save-Data). */
export function browserSavesData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** `<html data-data-saver>` while on (nothing while off). */
export function applyDataSaver(on: boolean) {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  if (on) html.setAttribute('data-data-saver', '');
  else html.removeAttribute('data-data-saver');
}

/** What effects outside React ask (nothing loaded ahead while on): the page's mark. */
export function dataSaverOn(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute('data-data-saver');
}
