import type { MessageData, Report, RuleMeta, RuleSettings } from './rule';

/**
 * A rule's own mistake, found as it reports or reads its settings (an unknown message id, a
 * placeholder left without data, a fix from a rule that is not fixable): the lint shows it as an
 * internal error of the rule, as ESLint throws at report time.
 */
export class RuleBug extends Error {
  constructor(
    readonly ruleId: string,
    readonly reason: string,
  ) {
    super(`rule ${ruleId}: ${reason}`);
  }
}

/** `{{name}}`, spaces inside allowed as in ESLint. */
const placeholder = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The names of a template's placeholders, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(placeholder)].map((match) => match[1]);
}

/** A template with each `{{name}}` replaced by `data.name`; `missing` is told a name the data lacks (and answers what to write). */
export function fillTemplate(
  template: string,
  data: MessageData | undefined,
  missing: (name: string) => string,
): string {
  return template.replace(placeholder, (_, name: string) => {
    const value = data && Object.hasOwn(data, name) ? data[name] : undefined;
    return value === undefined ? missing(name) : String(value);
  });
}

/** The text of a rule's report: its message with the data filled in. Throws a RuleBug for a report the meta does not allow. */
export function messageOf(meta: RuleMeta, report: Report): string {
  const { messageId } = report;
  if (!Object.hasOwn(meta.messages, messageId))
    throw new RuleBug(meta.id, `it reported messageId "${messageId}", which its meta.messages does not have`);
  if (report.fix && !meta.fixable)
    throw new RuleBug(meta.id, `it reported a fix (messageId "${messageId}"), and its meta.fixable is false`);
  return fillTemplate(meta.messages[messageId], report.data, (name) => {
    throw new RuleBug(meta.id, `its message "${messageId}" has {{${name}}}, which the report's data does not give`);
  });
}

/** The settings as a rule sees them: those its meta names; reading another throws a RuleBug. */
export function settingsFor(meta: RuleMeta, settings: RuleSettings): RuleSettings {
  const named = new Set<string>(meta.settings ?? []);
  const seen = {} as RuleSettings;
  for (const name of Object.keys(settings) as (keyof RuleSettings)[])
    Object.defineProperty(seen, name, {
      enumerable: true,
      get: () => {
        if (!named.has(name))
          throw new RuleBug(meta.id, `it reads settings.${name}, which its meta.settings does not name`);
        return settings[name];
      },
    });
  return seen;
}
