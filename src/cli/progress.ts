/**
 * A progress line for a long page parse (or another long task: `doing`), on a terminal's stderr: shown once the parse has taken a
 * second, redrawn at most ten times a second, and erased when the lint is done.
 */
export function pagesProgress(
  write: (text: string) => void,
  now: () => number = Date.now,
  doing = 'parsing pages',
): { update(parsed: number, total: number): void; done(): void } {
  const start = now();
  let drawnAt: number | undefined;
  return {
    update(parsed, total) {
      const at = now();
      if (at - start < 1000 || (drawnAt !== undefined && at - drawnAt < 100 && parsed < total)) return;
      drawnAt = at;
      write(`\rnavlint: ${doing} ${parsed}/${total} (${Math.round((parsed * 1000) / (at - start))}/s)\x1b[K`);
    },
    done() {
      if (drawnAt !== undefined) write('\r\x1b[K');
    },
  };
}
