import { createContext, useContext } from 'react';

/**
 * The image uploads of one form (the content editor's), so that saving waits for a file still
 * uploading and refuses while a chosen file was not uploaded, instead of saving the image it was
 * meant to replace. Each upload is filed under its input's key; a success files it away.
 */
export interface Uploads {
  /** The file chosen in `key` is uploading; `done` resolves true once the image is in the form. */
  started(key: string, name: string, done: Promise<boolean>): void;
  /** The file chosen in `key` will not be uploaded (refused before sending), for `reason`. */
  refused(key: string, name: string, reason: string): void;
  /** `key` holds no file any more (cleared, uploaded, or gone). */
  cleared(key: string): void;
  /** True while a file is being sent. */
  busy(): boolean;
  /** Resolves once no file is being sent: null when every chosen file is in the form, else why not, in words. */
  settled(): Promise<string | null>;
}

interface Entry {
  name: string;
  sending?: Promise<boolean>;
  problem?: string;
}

export function createUploads(): Uploads {
  const entries = new Map<string, Entry>();
  return {
    started(key, name, done) {
      const entry: Entry = { name, sending: done };
      entries.set(key, entry);
      void done.then((uploaded) => {
        // A newer choice in the same input replaces this one.
        if (entries.get(key) !== entry) return;
        if (uploaded) entries.delete(key);
        else entries.set(key, { name, problem: 'it could not be uploaded' });
      });
    },
    refused(key, name, reason) {
      entries.set(key, { name, problem: reason });
    },
    cleared(key) {
      entries.delete(key);
    },
    busy: () => [...entries.values()].some((entry) => entry.sending),
    async settled() {
      for (;;) {
        const sending = [...entries.values()].flatMap((entry) => (entry.sending ? [entry.sending] : []));
        if (sending.length === 0) break;
        await Promise.all(sending);
        // Let the outcome of each be filed (its `then` above runs before this continues).
        await Promise.resolve();
      }
      const failed = [...entries.values()].find((entry) => entry.problem);
      return failed?.problem ? `The image ${failed.name} is not uploaded (${failed.problem.replace(/\.$/, '')}): choose it again or another file, or clear the file, then save.` : null;
    },
  };
}

export const UploadsContext = createContext<Uploads | null>(null);

/** The form's uploads, when the form tracks them. */
export const useUploads = () => useContext(UploadsContext);
