import { keyShape, pageMetadataKeys } from '../src/engine/page-metadata';
import { type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';

export const meta = {
  id: 'frontmatter-key',
  description:
    'a frontmatter key that is a key the platform reads spelled with another case, "-" or "_" ("sideBarTitle"): the platform ignores it',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    otherSpelling: 'frontmatter key "{{key}}" is not read by the platform; did you mean "{{meant}}"?',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

const byShape = new Map(Object.keys(pageMetadataKeys).map((key) => [keyShape(key), key]));

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const file of pagesToCheck()) {
    if (/^_?snippets\//.test(file)) continue;
    const fields = site.pageParse(file).frontmatter;
    if (!fields) continue;
    for (const field of fields) {
      const meant = byShape.get(keyShape(field.key));
      if (!meant || meant === field.key || fields.some((other) => other.key === meant)) continue;
      const source = site.sourceFile(file);
      const offset = source.offsetAt(field.line, 1);
      // The key starts its line, as written: bare, or in the quotes it keeps when renamed.
      const quote = /^["']/.exec(source.text.slice(offset, offset + 1))?.[0] ?? '';
      const length = quote
        ? (source.text.slice(offset).match(quote === '"' ? /^"(?:[^"\\]|\\.)*"/ : /^'(?:[^']|'')*'/)?.[0].length ?? 0)
        : field.key.length;
      const span = { file: source, offset, length };
      report({
        span,
        messageId: 'otherSpelling',
        data: { key: field.key, meant },
        suggestions: [{ desc: `Rename to "${meant}"`, fix: replaceSpan(span, `${quote}${meant}${quote}`) }],
      });
    }
  }
}
