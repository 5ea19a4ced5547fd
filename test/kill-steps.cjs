'use strict';
// Preloaded (node --require) into the migrate-mdx runs of kill.test.ts. Before each step that changes
// the site in NAVLINT_KILL_SITE (a file opened for writing, half written, flushed; a rename; a page or
// folder removed) and before the process exits, it prints a line "navlint-kill-step N kind path" to stdout.
// At step NAVLINT_KILL_AT it SIGKILLs its own process (or sends it NAVLINT_KILL_SIGNAL, say SIGINT for
// a Ctrl-C): the signal an outside kill sends, landing at a known step rather than wherever a timer
// happens to fall.
const fs = require('node:fs');
const path = require('node:path');

const site = process.env.NAVLINT_KILL_SITE;
const killAt = process.env.NAVLINT_KILL_AT === undefined ? undefined : Number(process.env.NAVLINT_KILL_AT);
const killSignal = process.env.NAVLINT_KILL_SIGNAL ?? 'SIGKILL';
const inSite = (file) =>
  typeof file === 'string' && site !== undefined && path.resolve(file).startsWith(site + path.sep);
const written = new Set(); // files opened for writing in the site, by descriptor
let steps = 0;

function step(kind, file) {
  const n = steps++;
  fs.writeSync(1, `navlint-kill-step ${n} ${kind} ${file === undefined ? '' : path.relative(site, file)}\n`);
  if (n === killAt) {
    process.kill(process.pid, killSignal);
    // Nothing runs after a SIGKILL; a signal the process handles lets it go on.
    if (killSignal === 'SIGKILL') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
}

const original = {
  openSync: fs.openSync,
  closeSync: fs.closeSync,
  writeFileSync: fs.writeFileSync,
  fsyncSync: fs.fsyncSync,
  renameSync: fs.renameSync,
  rmSync: fs.rmSync,
  rmdirSync: fs.rmdirSync,
};
fs.openSync = (file, flags = 'r', ...rest) => {
  if (!inSite(file) || !/[wa+]/.test(String(flags))) return original.openSync.call(fs, file, flags, ...rest);
  step('open', file);
  const fd = original.openSync.call(fs, file, flags, ...rest);
  written.add(fd);
  return fd;
};
fs.closeSync = (fd, ...rest) => {
  written.delete(fd); // its number may be reused by a file that is only read
  return original.closeSync.call(fs, fd, ...rest);
};
// Half the text, a step, then the rest: a file written in place would be cut short by a kill there.
fs.writeFileSync = (file, data, ...rest) => {
  if (!written.has(file) && !inSite(file)) return original.writeFileSync.call(fs, file, data, ...rest);
  step('write', typeof file === 'string' ? file : undefined);
  if (typeof data !== 'string') return original.writeFileSync.call(fs, file, data, ...rest);
  const half = Math.floor(data.length / 2);
  original.writeFileSync.call(fs, file, data.slice(0, half), ...rest);
  step('half-written', typeof file === 'string' ? file : undefined);
  const fd = typeof file === 'string' ? original.openSync.call(fs, file, 'a') : file; // an open file goes on where it was
  try {
    original.writeFileSync.call(fs, fd, data.slice(half));
  } finally {
    if (fd !== file) original.closeSync.call(fs, fd);
  }
};
fs.fsyncSync = (fd, ...rest) => {
  if (written.has(fd)) step('fsync');
  return original.fsyncSync.call(fs, fd, ...rest);
};
fs.renameSync = (from, to, ...rest) => {
  if (inSite(to)) step('rename', to);
  return original.renameSync.call(fs, from, to, ...rest);
};
fs.rmSync = (file, ...rest) => {
  if (inSite(file)) step('remove', file);
  return original.rmSync.call(fs, file, ...rest);
};
fs.rmdirSync = (folder, ...rest) => {
  if (inSite(folder)) step('remove-folder', folder);
  return original.rmdirSync.call(fs, folder, ...rest);
};
process.on('exit', () => step('exit'));
