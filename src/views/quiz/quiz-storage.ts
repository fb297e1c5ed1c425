/**
 * A quiz's answers kept for this tab (sessionStorage, one key per member, course and quiz), so a
 * reload keeps what she chose; dropped once the quiz has a result, and with everything at sign-out.
 */
export function readAnswers(key: string): Record<string, number[]> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    if (saved && typeof saved === 'object' && !Array.isArray(saved))
      // the machine checks every choice against the questions
      return Object.fromEntries(Object.entries(saved).filter(([, v]) => Array.isArray(v))) as Record<
        string,
        number[]
      >;
  } catch {}
  return {};
}

export function saveAnswers(key: string, answers: Record<string, number[]>) {
  try {
    sessionStorage.setItem(key, JSON.stringify(answers));
  } catch {
    // storage disabled: this visit still works, a reload starts afresh
  }
}

export function forgetAnswers(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {}
}
