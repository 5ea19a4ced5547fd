import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta: RuleMeta = {
  id: 'redirect-params',
  description: 'a redirect destination that uses a :param its source does not bind',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'A redirect source may bind parameters (":slug" one segment, ":path*" the rest of the path) that its destination uses ("/docs/:slug" → "/guides/:slug"). A parameter used in the destination and bound nowhere in the source is written into the URL as it is, so every reader lands on a literal ":slug".',
    valid: '{ "redirects": [{ "source": "/docs/:slug*", "destination": "/guides/:slug*" }] }',
    invalid: '{ "redirects": [{ "source": "/docs/:page", "destination": "/guides/:slug" }] }',
  },
};

/** The names of the :params in a path or URL (not a port: a name starts with a letter or _). */
function paramsOf(text: string): string[] {
  return [...text.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
}

export function check({ report, urls }: RuleContext): void {
  for (const { source, destination } of urls().redirects) {
    if (!source || !destination) continue;
    const bound = new Set(paramsOf(source.value as string));
    const destinationText = (destination.value as string).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''); // a URL's scheme and host are no params
    for (const name of new Set(paramsOf(destinationText))) {
      if (bound.has(name)) continue;
      report({ span: destination, message: `redirect destination "${destination.value}" uses ":${name}", which its source "${source.value}" does not bind` });
    }
  }
}
