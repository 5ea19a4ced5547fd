import { describe, expect, it } from 'vitest';
import { DocumentStore, pathOf, uriOf } from '../src/lsp/documents';
import { memoryFiles } from '../src/site/files';
import { fakeConnection } from './lsp-fakes';

function storeOverDisk() {
  const disk = memoryFiles('/site', { 'docs.json': '{}', 'a.mdx': '# On disk\n' });
  const store = new DocumentStore(disk);
  const client = fakeConnection();
  store.listen(client.connection);
  return { store, client };
}

describe('the document store', () => {
  it("reads an open document's unsaved text over the disk's, and the disk's again once it is closed", () => {
    const { store, client } = storeOverDisk();
    expect(store.files.readText('/site/a.mdx')).toBe('# On disk\n');
    client.open('/site/a.mdx', '# Typed\n', 1);
    expect(store.isOpen('/site/a.mdx')).toBe(true);
    expect(store.files.readText('/site/a.mdx')).toBe('# Typed\n');
    // An unsaved text has no stamp: no cache keyed by the file on disk describes it.
    expect(store.files.stamp('/site/a.mdx')).toBeUndefined();
    client.change('/site/a.mdx', '# Typed more\n', 2);
    expect(store.files.readText('/site/a.mdx')).toBe('# Typed more\n');
    expect(store.files.readText('/site/docs.json')).toBe('{}');
    client.close('/site/a.mdx');
    expect(store.isOpen('/site/a.mdx')).toBe(false);
    expect(store.files.readText('/site/a.mdx')).toBe('# On disk\n');
  });

  it('gives the version of every open document, by URI', () => {
    const { store, client } = storeOverDisk();
    client.open('/site/a.mdx', '# Typed\n', 3);
    client.open('/site/docs.json', '{ }', 7);
    client.change('/site/a.mdx', '# Typed more\n', 4);
    expect(store.versions()).toEqual(
      new Map([
        [uriOf('/site/a.mdx'), 4],
        [uriOf('/site/docs.json'), 7],
      ]),
    );
    expect(store.get(uriOf('/site/a.mdx'))?.getText()).toBe('# Typed more\n');
  });

  it('tells its listeners of each event with the path of its file, the files already as the event leaves them', () => {
    const { store, client } = storeOverDisk();
    const heard: string[] = [];
    const listen = (event: string) => (file: string) =>
      void heard.push(`${event} ${file}: ${store.files.readText(file).trim()}`);
    store.onOpen(listen('open'));
    store.onChange(listen('change'));
    store.onSave(listen('save'));
    store.onClose(listen('close'));
    client.open('/site/a.mdx', '# Typed', 1);
    client.change('/site/a.mdx', '# Typed more', 2);
    client.save('/site/a.mdx');
    client.close('/site/a.mdx');
    expect(heard).toEqual([
      'open /site/a.mdx: # Typed',
      'change /site/a.mdx: # Typed',
      'change /site/a.mdx: # Typed more',
      'save /site/a.mdx: # Typed more',
      'close /site/a.mdx: # On disk',
    ]);
  });

  it('turns a file URL into a path and back, and leaves a URI of another scheme as it is', () => {
    expect(pathOf(uriOf('/site/a b.mdx'))).toBe('/site/a b.mdx');
    expect(uriOf('/site/a b.mdx')).toBe('file:///site/a%20b.mdx');
    expect(pathOf('untitled:Untitled-1')).toBe('untitled:Untitled-1');
  });
});
