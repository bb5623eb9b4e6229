/**
 * What someone typed but has not saved, kept in the tab's sessionStorage so a reload (or a crash
 * of the tab's page) loses nothing. Keyed by document and the version it was typed over: once
 * someone saves a newer version, the old typing is not offered over it.
 */
const PREFIX = 'content-editor:';

const storageKey = (documentKey: string, baseVersion: number) => `${PREFIX}${documentKey}@${baseVersion}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage switched off: the editor works, only without this safety net.
    return null;
  }
}

export function readTyped(documentKey: string, baseVersion: number): unknown {
  const text = storage()?.getItem(storageKey(documentKey, baseVersion));
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function keepTyped(documentKey: string, baseVersion: number, data: unknown): void {
  try {
    storage()?.setItem(storageKey(documentKey, baseVersion), JSON.stringify(data));
  } catch {
    // Full: the typing is still on screen.
  }
}

/** Forgets the document's typing over every version (saved, discarded or replaced by theirs). */
export function forgetTyped(documentKey: string): void {
  const store = storage();
  if (!store) return;
  const mine = `${PREFIX}${documentKey}@`;
  for (let index = store.length - 1; index >= 0; index -= 1) {
    const key = store.key(index);
    if (key?.startsWith(mine)) store.removeItem(key);
  }
}
