import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules';
import { messageOf, placeholdersOf, RuleBug, settingsFor } from '../src/engine/messages';
import type { Report, RuleMeta } from '../src/engine/rule';
import { repo } from './helpers';

/**
 * The ids every `messageId: …` of a rule's source writes: a string, the strings a `a ? 'x' : 'y'`
 * chooses from, or the values of the object a `table[key]` reads (a `const table = { … }` of the file).
 */
function messageIdsWritten(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const ids: string[] = [];
  const tables = new Map<string, ts.Expression>();
  const declarations = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) tables.set(node.name.getText(source), node.initializer);
    ts.forEachChild(node, declarations);
  };
  declarations(source);
  const literals = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ids.push(node.text);
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(literals);
    else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      literals(node.expression);
    else if (ts.isElementAccessExpression(node)) literals(tables.get(node.expression.getText(source)) ?? node);
    else if (ts.isObjectLiteralExpression(node))
      for (const property of node.properties) if (ts.isPropertyAssignment(property)) literals(property.initializer);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'messageId') literals(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ids;
}

describe("each rule's messages", () => {
  for (const { meta } of rules) {
    it(`${meta.id}: every messageId its source writes is in meta.messages, and every message is written`, () => {
      const written = new Set(messageIdsWritten(path.join(repo, 'rules', `${meta.id}.ts`)));
      expect(
        [...written].filter((id) => !Object.hasOwn(meta.messages, id)),
        'ids not in meta.messages',
      ).toEqual([]);
      expect(
        Object.keys(meta.messages).filter((id) => !written.has(id)),
        'messages no report names',
      ).toEqual([]);
    });
  }

  it('have placeholders of plain names', () => {
    const odd = rules.flatMap(({ meta }) =>
      Object.entries(meta.messages).flatMap(([id, template]) =>
        placeholdersOf(template)
          .filter((name) => !/^[A-Za-z]\w*$/.test(name))
          .map((name) => `${meta.id}.${id}: {{${name}}}`),
      ),
    );
    expect(odd).toEqual([]);
  });
});

describe("a report checked against its rule's meta", () => {
  const meta: RuleMeta = {
    id: 'some-rule',
    description: 'd',
    defaultSeverity: 'error',
    fixable: false,
    messages: { missing: 'page "{{ page }}" not found{{hint}}', plain: 'no placeholders' },
    settings: ['languages'],
  };
  const span = { file: undefined as never, offset: 0, length: 0 };
  const bugOf = (report: Report) => {
    try {
      messageOf(meta, report);
    } catch (error) {
      expect(error).toBeInstanceOf(RuleBug);
      return (error as Error).message;
    }
    return undefined;
  };

  it('fills in the data, spaces inside the braces allowed', () => {
    expect(messageOf(meta, { span, messageId: 'missing', data: { page: 'a/$&b', hint: '' } })).toBe(
      'page "a/$&b" not found',
    );
    expect(messageOf(meta, { span, messageId: 'plain' })).toBe('no placeholders');
  });

  it('refuses an unknown id, a placeholder without data and a fix from a rule that is not fixable, naming the rule and the id', () => {
    expect(bugOf({ span, messageId: 'gone' })).toBe(
      'rule some-rule: it reported messageId "gone", which its meta.messages does not have',
    );
    expect(bugOf({ span, messageId: 'toString' })).toBe(
      'rule some-rule: it reported messageId "toString", which its meta.messages does not have',
    );
    expect(bugOf({ span, messageId: 'missing', data: { page: 'a' } })).toBe(
      `rule some-rule: its message "missing" has {{hint}}, which the report's data does not give`,
    );
    expect(bugOf({ span, messageId: 'plain', fix: { range: [0, 0], text: '' } })).toBe(
      'rule some-rule: it reported a fix (messageId "plain"), and its meta.fixable is false',
    );
  });

  it('gives the rule the settings its meta names, and refuses the others', () => {
    const settings = settingsFor(meta, { languages: ['tlh'], ignoredPage: () => false, decorativeAlt: false });
    expect(settings.languages).toEqual(['tlh']);
    expect(() => settings.ignoredPage('a')).toThrow(
      'rule some-rule: it reads settings.ignoredPage, which its meta.settings does not name',
    );
  });
});
