import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'redirect-params',
  description: 'a redirect destination that uses a :param its source does not bind',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    unboundParam:
      'redirect destination "{{destination}}" uses ":{{name}}", which its source "{{source}}" does not bind',
  },
} satisfies RuleMeta;

/**
 * The names of the :params of a path: a parameter is a whole segment (`:slug`, `:path*`), as the
 * platform matches them; a `:` inside a segment (a port, `a:b`) is text.
 */
function paramsOf(path: string): string[] {
  return path.split('/').flatMap((segment) => /^:([A-Za-z_]\w*)[*+?]?$/.exec(segment)?.[1] ?? []);
}

/** A redirect value's path: without a URL's scheme and host, and without the query and fragment (`#:~:text=` is a browser's text fragment). */
function pathOf(value: string): string {
  return value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/s, '');
}

export function check({ report, urls }: RuleContext<typeof meta>): void {
  for (const { source, destination } of urls().redirects) {
    if (!source || !destination) continue;
    const bound = new Set(paramsOf(pathOf(source.value as string)));
    for (const name of new Set(paramsOf(pathOf(destination.value as string)))) {
      if (bound.has(name)) continue;
      report({
        span: destination,
        messageId: 'unboundParam',
        data: { destination: destination.value as string, name, source: source.value as string },
      });
    }
  }
}
