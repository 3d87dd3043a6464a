// Module names are edited locally only (spec section 4): kept per browser, never sent.
import { useCallback, useState } from 'react';

export const MODULE_COUNT = 10;
const storageKey = (id: number) => `omega.module-name.${id}`;
export const defaultModuleName = (id: number) => `Module ${id}`;

function read(id: number): string {
  try {
    return localStorage.getItem(storageKey(id)) || defaultModuleName(id);
  } catch {
    return defaultModuleName(id);
  }
}

export function useModuleName(id: number): [string, (name: string) => void] {
  const [name, setName] = useState(() => read(id));
  const save = useCallback(
    (next: string) => {
      setName(next);
      try {
        if (next.trim() && next !== defaultModuleName(id))
          localStorage.setItem(storageKey(id), next);
        else localStorage.removeItem(storageKey(id));
      } catch {
        // Storage can be full or blocked; the name still changes for this visit.
      }
    },
    [id],
  );
  return [name, save];
}
