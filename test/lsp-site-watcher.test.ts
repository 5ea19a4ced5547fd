import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedSince, type FileChange, SiteWatcher, type WatchHost } from '../src/lsp/site-watcher';
import { makeSite } from './helpers';
import { fakeWatchHost } from './lsp-fakes';

/** A site on disk, just written. */
function siteOnDisk(): string {
  return makeSite({
    'docs.json': '{}',
    'index.mdx': '# Home\n',
    'api/get.mdx': '# Get\n',
    'api/v1/list.mdx': '# List\n',
    '.hidden/a.mdx': '# Hidden\n',
    'node_modules/pkg/readme.mdx': '# Not read\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
  });
}

/** A time after every time of a site just written, and before `later`: what the site changed at "after its first lint began". */
const afterWriting = () => Date.now() + 30_000;
const later = () => new Date(Date.now() + 60_000);

function watcherOf(root: string, host: WatchHost) {
  const changes: string[] = [];
  const watcher = new SiteWatcher(
    root,
    (file: string, change: FileChange) => void changes.push(`${change} ${path.relative(root, file) || '.'}`),
    host,
  );
  return { watcher, changes };
}

const relative = (root: string, folders: string[]) =>
  folders.map((folder) => path.relative(root, folder) || '.').sort();

describe("a site's own watcher", () => {
  it('watches every folder below the root but those the platform never reads, each once', () => {
    const root = siteOnDisk();
    const { host } = fakeWatchHost();
    const { watcher } = watcherOf(root, host);
    expect(watcher.start(afterWriting())).toBe(false);
    expect(relative(root, watcher.folders())).toEqual(['.', '.hidden', 'api', 'api/v1']);
    watcher.start(afterWriting());
    expect(watcher.folders()).toHaveLength(4);
  });

  it('says whether a folder it watches changed at or after the time given', () => {
    const root = siteOnDisk();
    const since = afterWriting();
    expect(watcherOf(root, fakeWatchHost().host).watcher.start(since)).toBe(false);
    fs.utimesSync(path.join(root, 'api/v1'), later(), later());
    expect(watcherOf(root, fakeWatchHost().host).watcher.start(since)).toBe(true);
  });

  it('still looks at a folder it cannot watch, and watches the others', () => {
    const root = siteOnDisk();
    fs.utimesSync(path.join(root, 'api'), later(), later());
    const { host } = fakeWatchHost((folder) => folder.endsWith('api'));
    const { watcher } = watcherOf(root, host);
    expect(watcher.start(afterWriting())).toBe(true);
    expect(relative(root, watcher.folders())).toEqual(['.', '.hidden', 'api/v1']);
  });

  it('leaves out a folder it cannot list, and what is below it', () => {
    const root = siteOnDisk();
    const { host } = fakeWatchHost();
    const { watcher } = watcherOf(root, { ...host, readable: (folder) => !folder.endsWith('api') });
    expect(watcher.start(afterWriting())).toBe(false);
    expect(relative(root, watcher.folders())).toEqual(['.', '.hidden']);
  });

  it('tells of a file that came, changed or went; of the root when a folder came or went; and watches a new folder', () => {
    const root = siteOnDisk();
    const { host, listeners } = fakeWatchHost();
    const { watcher, changes } = watcherOf(root, host);
    watcher.start(afterWriting());
    const fire = (folder: string, name: string | undefined) => listeners.get(path.join(root, folder))!(name);
    fs.writeFileSync(path.join(root, 'api/new.mdx'), '# New\n');
    fire('api', 'new.mdx');
    fs.rmSync(path.join(root, 'index.mdx'));
    fire('', 'index.mdx');
    fs.writeFileSync(path.join(root, '.mintignore'), 'drafts/\n');
    fire('', '.mintignore');
    fs.mkdirSync(path.join(root, 'guides'));
    fire('', 'guides');
    fs.rmSync(path.join(root, 'api/v1'), { recursive: true });
    fire('api', 'v1');
    fire('', '.git');
    fire('', undefined);
    expect(changes).toEqual([
      'created api/new.mdx',
      'deleted index.mdx',
      'created .mintignore',
      'created .',
      'deleted .',
    ]);
    expect(relative(root, watcher.folders())).toEqual(['.', '.hidden', 'api', 'api/v1', 'guides']);
  });

  it('lets go of a folder whose watcher fails, and closes the others when closed', () => {
    const root = siteOnDisk();
    const { host, closed, errors } = fakeWatchHost();
    const { watcher } = watcherOf(root, host);
    watcher.start(afterWriting());
    errors.get(path.join(root, 'api'))!();
    expect(relative(root, closed)).toEqual(['api']);
    expect(relative(root, watcher.folders())).toEqual(['.', '.hidden', 'api/v1']);
    watcher.close();
    expect(relative(root, closed)).toEqual(['.', '.hidden', 'api', 'api/v1']);
    expect(watcher.folders()).toEqual([]);
  });

  it("hears a page written on disk through Node's watcher", async () => {
    const root = siteOnDisk();
    let heard: (change: string) => void = () => undefined;
    const written = new Promise<string>((resolve) => (heard = resolve));
    const watcher = new SiteWatcher(root, (file, change) => {
      if (file === path.join(root, 'api/v1/new.mdx')) heard(change);
    });
    watcher.start(Date.now());
    fs.writeFileSync(path.join(root, 'api/v1/new.mdx'), '# New\n');
    expect(await written).toBe('created');
    watcher.close();
  });
});

describe('changedSince', () => {
  it('compares the modification and change times with the time given; a path not there has not changed', () => {
    const root = siteOnDisk();
    const file = path.join(root, 'index.mdx');
    const { ctimeMs } = fs.statSync(file);
    fs.utimesSync(file, 1000, 1000);
    // The change time is now (utimes changes it): the later of the two counts.
    const { ctimeMs: after } = fs.statSync(file);
    expect(after).toBeGreaterThanOrEqual(ctimeMs);
    expect(changedSince([file], after)).toBe(true);
    expect(changedSince([file], after + 1)).toBe(false);
    expect(changedSince([path.join(root, 'missing.mdx')], 0)).toBe(false);
  });
});
