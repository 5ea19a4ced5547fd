import { isExternal, type RedirectEntry } from '../src/engine/docs-json';
import { type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';
import { redirectedUrl, redirectSource, sitePath } from '../src/engine/site-urls';

export const meta = {
  id: 'redirect-loop',
  description: 'redirects that lead back to where they started (error), or through another redirect (warning, fixed)',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    loop: 'redirect "{{source}}" loops: {{path}}',
    throughAnother: 'redirect "{{source}}" goes through another redirect: {{path}}; point it at "{{final}}"',
    throughOthers: 'redirect "{{source}}" goes through {{count}} other redirects: {{path}}; point it at "{{final}}"',
  },
} satisfies RuleMeta;

export function check({ report, urls }: RuleContext<typeof meta>): void {
  const redirects = urls().redirects;
  // The first redirect of each plain source (a duplicate is redirect-duplicate-source's).
  const bySource = new Map<string, RedirectEntry>();
  for (const redirect of redirects) {
    const path = redirect.source && redirectSource(redirect.source.value as string).path;
    if (path !== undefined && !bySource.has(path)) bySource.set(path, redirect);
  }
  const next = (redirect: RedirectEntry): RedirectEntry | undefined => {
    const destination = redirect.destination?.value as string | undefined;
    return destination === undefined || isExternal(destination) ? undefined : bySource.get(sitePath(destination));
  };
  for (const redirect of redirects) {
    if (
      !redirect.source ||
      !redirect.destination ||
      bySource.get(sitePath(redirect.source.value as string)) !== redirect
    )
      continue;
    const hops: RedirectEntry[] = [redirect];
    for (let hop = next(redirect); hop; hop = next(hop)) {
      if (hops.includes(hop)) break;
      hops.push(hop);
    }
    const last = hops[hops.length - 1];
    const path = [...hops.map((h) => h.source!.value as string), last.destination!.value as string].join(' → ');
    if (next(last) === redirect) {
      // One loop, one finding: at the redirect of the loop that comes first.
      if (hops.every((hop) => redirects.indexOf(hop) >= redirects.indexOf(redirect)))
        report({
          span: redirect.destination,
          messageId: 'loop',
          data: { source: redirect.source.value as string, path },
        });
    } else if (!next(last)) {
      // A temporary redirect, an alias meant to move (RedirectEntry), ends the chain: it is the point.
      const alias = hops.findIndex((hop, i) => i > 0 && hop.temporary);
      const chain = alias > 0 ? hops.slice(0, alias) : hops;
      if (chain.length < 2) continue;
      // What the first hop's destination adds (a query, a fragment) rides along every hop after it.
      const final = chain
        .slice(1)
        .reduce(
          (url, hop) => redirectedUrl(url, hop.destination!.value as string),
          redirect.destination.value as string,
        );
      const end = chain[chain.length - 1].destination!.value as string;
      report({
        span: redirect.destination,
        severity: 'warn',
        messageId: chain.length === 2 ? 'throughAnother' : 'throughOthers',
        data: {
          source: redirect.source.value as string,
          count: chain.length - 1,
          path: [...chain.map((h) => h.source!.value as string), end].join(' → '),
          final,
        },
        fix: replaceSpan(redirect.destination, JSON.stringify(final), `Redirect straight to "${final}"`),
      });
    }
  }
}
