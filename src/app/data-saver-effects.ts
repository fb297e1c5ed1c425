/**
 * The data saver's side effects (issue 28; machines/dataSaver.ts): the choice kept on this device
 * under `dataSaver`, and the browser's own data saver (`navigator.connection.saveData`).
 */
export const DATA_SAVER_KEY = 'dataSaver';

export function readStoredDataSaver(): string | null {
  try {
    return localStorage.getItem(DATA_SAVER_KEY);
  } catch {
    return null;
  }
}

/** True when the browser says she asked it to save data (Chromium's Save-Data). */
export function browserSavesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
