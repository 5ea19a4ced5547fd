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
 * A rule's page, `rules/<id>.md`, is written by hand but for two parts its meta makes, so that they
 * cannot drift from the code: the head (title, what it catches, severity, fix, options) and the
 * Messages section. `npm run docs` rewrites those two and leaves the rest: Why, Accepted, Rejected.
 */
export function pageHead(meta: RuleMeta): string {
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
  ].join('\n');
}

/** The page's last section: every message template by id. */
export function pageMessages(meta: RuleMeta): string {
  const usesHint = Object.values(meta.messages).some((template) => placeholdersOf(template).includes('hint'));
  return [
    '## Messages',
    '',
    `Each \`{{name}}\` is filled in from the finding${usesHint ? '; `{{hint}}` is `; did you mean "…"?` when something near is found, else nothing' : ''}.`,
    '',
    ...Object.entries(meta.messages).map(([id, template]) => `- \`${id}\`: ${codeSpan(template)}`),
    '',
  ].join('\n');
}

/** Markdown inline code for any text: a run of backticks longer than any inside it. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
