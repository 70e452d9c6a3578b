import { useCallback, useSyncExternalStore } from 'react';
import type { FamilyListItem } from '@fst/shared/families/families.schema';
import { useMyFamilies } from '../../lib/api/families/get-my-families.ts';

// The family picked with the family switcher, remembered in this browser and shared by /family and
// the parent dashboard (decisions.md "Families": someone in several families picks the current one).
const KEY = 'currentFamilyId';
const listeners = new Set<() => void>();

/** The family last picked in this browser, if any. */
export function rememberedFamilyId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab switching families.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function rememberCurrentFamily(familyId: string): void {
  try {
    localStorage.setItem(KEY, familyId);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts until the page closes.
  }
  for (const listener of listeners) listener();
}

/** The remembered family if the user still belongs to it, otherwise their first family. */
export function pickCurrentFamily<T extends Pick<FamilyListItem, 'id'>>(families: readonly T[], storedId: string | null): T | undefined {
  return families.find((family) => family.id === storedId) ?? families[0];
}

/** The user's families and the current one, with a way to switch (`selectFamily`). */
export function useCurrentFamily() {
  const familiesQuery = useMyFamilies();
  const storedId = useSyncExternalStore(subscribe, rememberedFamilyId, rememberedFamilyId);
  const families = familiesQuery.data?.families ?? [];
  const currentFamily = pickCurrentFamily(families, storedId);
  const selectFamily = useCallback((familyId: string) => rememberCurrentFamily(familyId), []);
  return { familiesQuery, families, currentFamily, selectFamily };
}
