import { useEffect, useRef } from 'react';

/**
 * Calls `callback` after a render in which `value` changed the way `fires(was, now)` says (never on
 * the first render): a new language, the connection back, the offline queue emptied.
 */
export function useOnChange<T>(value: T, fires: (was: T, now: T) => boolean, callback: () => void) {
  const was = useRef(value);
  const latest = useRef({ fires, callback });
  latest.current = { fires, callback };
  useEffect(() => {
    const before = was.current;
    if (before === value) return;
    was.current = value;
    if (latest.current.fires(before, value)) latest.current.callback();
  }, [value]);
}
