import { createUploads } from './uploads';

/** A promise settled from outside, as an upload's end is. */
function deferred() {
  let settle!: (uploaded: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('a form’s uploads', () => {
  it('has nothing to wait for at first', async () => {
    const uploads = createUploads();
    expect(uploads.busy()).toBe(false);
    await expect(uploads.settled()).resolves.toBeNull();
  });

  it('makes a save wait until the upload ends, then lets it go', async () => {
    const uploads = createUploads();
    const upload = deferred();
    uploads.started('banner', 'banner.png', upload.promise);
    expect(uploads.busy()).toBe(true);
    let outcome: string | null | undefined;
    const waiting = uploads.settled().then((value) => (outcome = value));
    await Promise.resolve();
    expect(outcome).toBeUndefined();
    upload.settle(true);
    await waiting;
    expect(outcome).toBeNull();
    expect(uploads.busy()).toBe(false);
  });

  it('waits for an upload started while it waited', async () => {
    const uploads = createUploads();
    const first = deferred();
    const second = deferred();
    uploads.started('a', 'a.png', first.promise);
    const waiting = uploads.settled();
    uploads.started('b', 'b.png', second.promise);
    first.settle(true);
    await Promise.resolve();
    let done = false;
    void waiting.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    second.settle(false);
    await expect(waiting).resolves.toMatch(/^The image b\.png is not uploaded \(it could not be uploaded\)/);
  });

  it('refuses to save while a chosen file failed or was refused, until it is cleared or chosen again', async () => {
    const uploads = createUploads();
    uploads.refused('map', 'map.svg', 'SVG files are not accepted.');
    await expect(uploads.settled()).resolves.toBe('The image map.svg is not uploaded (SVG files are not accepted): choose it again or another file, or clear the file, then save.');
    uploads.cleared('map');
    await expect(uploads.settled()).resolves.toBeNull();

    const failed = deferred();
    uploads.started('map', 'map.png', failed.promise);
    failed.settle(false);
    await expect(uploads.settled()).resolves.toMatch(/map\.png is not uploaded/);
    // Chosen again in the same field: only the newer choice counts.
    const again = deferred();
    uploads.started('map', 'map.png', again.promise);
    again.settle(true);
    await expect(uploads.settled()).resolves.toBeNull();
  });
});
