import type { Rule } from './rule';
import * as duplicateKey from '../rules/duplicate-key';
import * as duplicateName from '../rules/duplicate-name';
import * as emptyGroup from '../rules/empty-group';
import * as expandedTopLevel from '../rules/expanded-top-level';
import * as hrefFormat from '../rules/href-format';
import * as jsonRef from '../rules/json-ref';
import * as jsonSyntax from '../rules/json-syntax';
import * as languageCode from '../rules/language-code';
import * as navigationRoot from '../rules/navigation-root';
import * as schema from '../rules/schema';
import * as singleChildType from '../rules/single-child-type';
import * as unknownProperty from '../rules/unknown-property';

/** Every rule, in the order of the README's table. */
export const rules: Rule[] = [
  jsonSyntax,
  jsonRef,
  duplicateKey,
  schema,
  unknownProperty,
  navigationRoot,
  singleChildType,
  expandedTopLevel,
  languageCode,
  duplicateName,
  emptyGroup,
  hrefFormat,
];

export const ruleById = new Map(rules.map((rule) => [rule.meta.id, rule]));
