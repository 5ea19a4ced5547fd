import { type ExpectedValue, pageMetadataKeys } from '../src/engine/page-metadata';
import {
  type MessageData,
  type MessageIdOf,
  type Report,
  type RuleContext,
  type RuleMeta,
  replaceSpan,
} from '../src/engine/rule';
import type { FrontmatterField, ValueKind } from '../src/parsers/page-parse';
import type { SourceFile, Span } from '../src/parsers/source';

export const meta = {
  id: 'frontmatter-type',
  description:
    'a frontmatter key the platform reads whose value has the wrong type: "hidden: \\"false\\"" hides the page, a date or number where text is expected',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    // {{kind}}: what the value is, in words (`a number`, `true or false`, `a list`).
    noValue:
      'frontmatter "{{key}}" has no value: the platform reads it as empty, not as left out; give it a value or remove the line',
    notText: 'frontmatter "{{key}}" is {{kind}}, not text: quote it',
    notTextUnquoted: 'frontmatter "{{key}}" is {{kind}}, not text (YAML reads it so unquoted): quote it',
    textNotBoolean:
      'frontmatter "{{key}}" is text, not true or false, and any text counts as true; write true or false without quotes',
    textHides:
      'frontmatter "{{key}}" is text, not true or false, and any text counts as true: the page is hidden; write true or false without quotes',
    textNoindexes:
      'frontmatter "{{key}}" is text, not true or false, and any text counts as true: the page is kept out of search engines; write true or false without quotes',
    notBoolean: 'frontmatter "{{key}}" is {{kind}}, not true or false',
    notNumber: 'frontmatter "{{key}}" is {{kind}}, not a number',
    itemsNotText: 'frontmatter "{{key}}" is a list with items that are not text: quote them',
    notList: 'frontmatter "{{key}}" is {{kind}}, not a list of text',
    iconWithoutName:
      'frontmatter "{{key}}" is a mapping without a text "name": write the icon\'s name, or a mapping with "name"',
    notIcon: 'frontmatter "{{key}}" is {{kind}}, not an icon name: quote it',
    notWord: 'frontmatter "{{key}}" is {{kind}}, not one of {{words}}',
    otherWord: 'frontmatter "{{key}}" is "{{value}}", not one of {{words}}',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

const kindWords: Record<ValueKind, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  null: 'empty',
  date: 'a date',
  array: 'a list',
  object: 'a mapping',
};

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const file of pagesToCheck()) {
    if (/^_?snippets\//.test(file)) continue;
    const fields = site.pageParse(file).frontmatter;
    if (!fields) continue;
    let source: SourceFile | undefined;
    for (const field of fields) {
      const expected = Object.hasOwn(pageMetadataKeys, field.key) ? pageMetadataKeys[field.key] : undefined;
      if (!expected) continue;
      // The page's text is read only for a value that may be wrong: nearly every page has a title.
      const spanAt = () => spanOf((source ??= site.sourceFile(file)), field);
      const writtenAt = (span: Span) =>
        field.value ? span.file.text.slice(span.offset, span.offset + span.length) : '';
      const problem = problemOf(field, expected, () => unquote(writtenAt(spanAt())));
      if (!problem) continue;
      const span = spanAt();
      const written = writtenAt(span);
      const suggestion = field.value && problem.rewrite?.(written);
      report({
        span,
        messageId: problem.messageId,
        data: { key: field.key, kind: kindWords[field.kind], ...problem.data },
        suggestions:
          suggestion === undefined ? undefined : [{ desc: `Write ${suggestion}`, fix: replaceSpan(span, suggestion) }],
      } satisfies Report);
    }
  }
}

/** Where a field's value is written (its key's line when the value is a block). */
function spanOf(source: SourceFile, field: FrontmatterField): Span {
  if (!field.value) {
    const offset = source.offsetAt(field.line, 1);
    return { file: source, offset, length: field.key.length };
  }
  const offset = source.offsetAt(field.line, field.value[0]);
  return { file: source, offset, length: field.value[1] - field.value[0] };
}

interface Problem {
  messageId: MessageIdOf<typeof meta>;
  /** Beside the key and the kind of value, which every message may name. */
  data?: MessageData;
  /** The value rewritten as the key expects it, from its written text; undefined when there is no one way. */
  rewrite?: (written: string) => string | undefined;
}

const unquote = (written: string) => (/^["']/.test(written) ? written.slice(1, -1) : written);

/** What is wrong with a field's value, if anything; `text` gives its value as written, without quotes ('' for a block). */
function problemOf(field: FrontmatterField, expected: ExpectedValue, text: () => string): Problem | undefined {
  const { kind } = field;
  if (kind === 'null') return { messageId: 'noValue' };
  if (expected === 'text') {
    if (kind === 'string') return undefined;
    const scalar = kind === 'number' || kind === 'boolean' || kind === 'date';
    return {
      messageId: kind === 'date' || kind === 'number' ? 'notTextUnquoted' : 'notText',
      rewrite: scalar ? (written) => JSON.stringify(written) : undefined,
    };
  }
  if (expected === 'true or false') {
    if (kind === 'boolean') return undefined;
    if (kind === 'string') {
      return {
        messageId: field.key === 'hidden' ? 'textHides' : field.key === 'noindex' ? 'textNoindexes' : 'textNotBoolean',
        rewrite: (written) => booleanWord(unquote(written)),
      };
    }
    return { messageId: 'notBoolean' };
  }
  if (expected === 'number') {
    if (kind === 'number') return undefined;
    return {
      messageId: 'notNumber',
      rewrite: (written) =>
        kind === 'string' && /^-?\d+(?:\.\d+)?$/.test(unquote(written).trim()) ? unquote(written).trim() : undefined,
    };
  }
  if (expected === 'list of text') {
    if (kind === 'array')
      return field.items!.every((item) => item === 'string') ? undefined : { messageId: 'itemsNotText' };
    return {
      messageId: 'notList',
      rewrite: kind === 'string' ? (written) => `[${written}]` : undefined,
    };
  }
  if (expected === 'icon') {
    if (kind === 'string') return undefined;
    if (kind === 'object') return field.fields!.name === 'string' ? undefined : { messageId: 'iconWithoutName' };
    return {
      messageId: 'notIcon',
      rewrite: kind === 'number' || kind === 'boolean' ? (written) => JSON.stringify(written) : undefined,
    };
  }
  const words = expected.oneOf.map((word) => `"${word}"`).join(', ');
  if (kind !== 'string') return { messageId: 'notWord', data: { words } };
  const value = text();
  if (expected.oneOf.includes(value)) return undefined;
  const near = expected.oneOf.find((word) => word === value.trim().toLowerCase());
  return { messageId: 'otherWord', data: { value, words }, rewrite: near ? () => near : undefined };
}

/** `"false"` → `false`, `"yes"` → `true` (what the writer meant by a word), or undefined for other text. */
function booleanWord(text: string): string | undefined {
  const word = text.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(word)) return 'true';
  if (['false', 'no', 'off'].includes(word)) return 'false';
  return undefined;
}
