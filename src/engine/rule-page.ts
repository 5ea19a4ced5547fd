import { placeholdersOf } from './messages';
import type { RuleMeta, SettingName } from './rule';

/** What each setting a rule may read is in the config file, for the rules' pages. */
const settingDocs: Record<SettingName, string> = {
  languages:
    '`languages` in the config file: language codes accepted beyond the spec\'s list and the platform\'s (`"languages": ["tlh", "en-GB"]`)',
  ignoredPage:
    '`ignorePages` in the config file: globs of page paths (with or without extension) that it leaves alone (`"ignorePages": ["drafts/**"]`)',
  decorativeAlt:
    '`decorativeAlt` in the config file: `true` accepts an empty alt (`alt=""`, `![](…)`) as the mark of a decorative image (WCAG technique H67), which `mint a11y` reports (`"decorativeAlt": true`)',
};

/**
 * A rule's reference page, `rules/<id>.md`, made from its meta alone: what it catches and why, an
 * accepted and a rejected example, its default severity, whether `--fix` fixes it, the config
 * settings it reads and its messages. `npm run docs` writes the pages and a test holds them to it;
 * `navlint rules ID` prints the same text, made from the meta the program carries.
 */
export function rulePage(meta: RuleMeta): string {
  const { docs } = meta;
  const usesHint = Object.values(meta.messages).some((template) => placeholdersOf(template).includes('hint'));
  return [
    `# ${meta.id}`,
    '',
    `Catches: ${meta.description}.`,
    '',
    `- Default severity: ${
      meta.a11y
        ? `${meta.defaultSeverity}; with the accessibility rules on (\`--a11y\`, or \`"a11y": "error"\` in the config file): ${meta.a11y} (\`"a11y": "warn"\`: warn)`
        : `${meta.defaultSeverity}${meta.defaultSeverity === 'off' ? ' (turn it on in the config file)' : ''}`
    }`,
    `- Fixable: ${meta.fixable ? 'yes, `navlint check --fix` applies its fixes' : 'no'}`,
    `- Options: ${meta.settings?.length ? meta.settings.map((name) => settingDocs[name]).join('; ') : 'none'}`,
    '',
    '## Why',
    '',
    docs.explanation,
    '',
    '## Accepted',
    '',
    ...example(docs.valid),
    '',
    '## Rejected',
    '',
    ...example(docs.invalid),
    '',
    '## Messages',
    '',
    `Each \`{{name}}\` is filled in from the finding${usesHint ? '; `{{hint}}` is `; did you mean "…"?` when something near is found, else nothing' : ''}.`,
    '',
    ...Object.entries(meta.messages).map(([id, template]) => `- \`${id}\`: ${codeSpan(template)}`),
    '',
  ].join('\n');
}

/** An example as a fenced block: a docs.json fragment as JSON, a page's frontmatter as MDX, words as text. */
function example(text: string): string[] {
  const language = /^[{[]/.test(text) ? 'json' : text.startsWith('---') ? 'mdx' : 'text';
  return [`\`\`\`${language}`, text, '```'];
}

/** Markdown inline code for any text: a run of backticks longer than any inside it. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
