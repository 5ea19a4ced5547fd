import { diskWriter, type Writer } from '../src/migrate/apply';

/**
 * A writer of the disk that fails at its Nth operation (0-based) among those `only` picks (default:
 * all), as the file system fails: the temporary file beside the one asked is the path it names.
 */
export function failingAt(n: number, only?: (operation: string, file: string) => boolean): Writer & { calls: number } {
  const writer = {
    calls: 0,
    step(operation: string, file: string) {
      if ((only ? only(operation, file) : true) && writer.calls++ === n)
        throw Object.assign(
          new Error(`EACCES: permission denied (injected in ${operation}), open '${file}.navlint-1.tmp'`),
          { code: 'EACCES', path: `${file}.navlint-1.tmp` },
        );
    },
    writeTemporary(file: string, text: string) {
      writer.step('writeTemporary', file);
      return diskWriter.writeTemporary(file, text);
    },
    rename(from: string, to: string) {
      writer.step('rename', to);
      diskWriter.rename(from, to);
    },
    remove: diskWriter.remove,
    removeEmptyFolder: diskWriter.removeEmptyFolder,
    makeFolder(folder: string) {
      writer.step('makeFolder', folder);
      diskWriter.makeFolder(folder);
    },
    move(from: string, to: string) {
      writer.step('move', to);
      diskWriter.move(from, to);
    },
  };
  return writer;
}
