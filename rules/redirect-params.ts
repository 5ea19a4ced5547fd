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
  docs: {
    explanation:
      'A redirect source may bind parameters (":slug" one segment, ":path*" the rest of the path) that its destination uses ("/docs/:slug" → "/guides/:slug"). A parameter used in the destination and bound nowhere in the source is written into the URL as it is, so every reader lands on a literal ":slug". A parameter is a whole segment of the path: a port, a colon inside a segment, and the query and fragment (a browser\'s "#:~:text=" fragment) are not parameters.',
    valid: '{ "redirects": [{ "source": "/docs/:slug*", "destination": "/guides/:slug*" }] }',
    invalid: '{ "redirects": [{ "source": "/docs/:page", "destination": "/guides/:slug" }] }',
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
