import * as a11yAltFilename from '../../rules/a11y-alt-filename';
import * as a11yContrast from '../../rules/a11y-contrast';
import * as a11yHeadingOrder from '../../rules/a11y-heading-order';
import * as a11yIframeTitle from '../../rules/a11y-iframe-title';
import * as a11yImageAlt from '../../rules/a11y-image-alt';
import * as a11yImageLink from '../../rules/a11y-image-link';
import * as a11yLinkName from '../../rules/a11y-link-name';
import * as a11yLinkText from '../../rules/a11y-link-text';
import * as dataSyntax from '../../rules/data-syntax';
import * as duplicateKey from '../../rules/duplicate-key';
import * as duplicateName from '../../rules/duplicate-name';
import * as duplicatePage from '../../rules/duplicate-page';
import * as emptyGroup from '../../rules/empty-group';
import * as endpointExists from '../../rules/endpoint-exists';
import * as endpointHidden from '../../rules/endpoint-hidden';
import * as endpointScope from '../../rules/endpoint-scope';
import * as expandedTopLevel from '../../rules/expanded-top-level';
import * as externalLink from '../../rules/external-link';
import * as fileExists from '../../rules/file-exists';
import * as frontmatterKey from '../../rules/frontmatter-key';
import * as frontmatterOpenapi from '../../rules/frontmatter-openapi';
import * as frontmatterType from '../../rules/frontmatter-type';
import * as hrefFormat from '../../rules/href-format';
import * as jsonRef from '../../rules/json-ref';
import * as jsonSyntax from '../../rules/json-syntax';
import * as languageCode from '../../rules/language-code';
import * as linkTarget from '../../rules/link-target';
import * as mdxFrontmatter from '../../rules/mdx-frontmatter';
import * as mdxImport from '../../rules/mdx-import';
import * as mdxSyntax from '../../rules/mdx-syntax';
import * as navigationRoot from '../../rules/navigation-root';
import * as openapiOverlay from '../../rules/openapi-overlay';
import * as openapiSource from '../../rules/openapi-source';
import * as openapiSpec from '../../rules/openapi-spec';
import * as orphanPage from '../../rules/orphan-page';
import * as pageAnchor from '../../rules/page-anchor';
import * as pageExists from '../../rules/page-exists';
import * as pageImage from '../../rules/page-image';
import * as pageLink from '../../rules/page-link';
import * as redirectBasePath from '../../rules/redirect-base-path';
import * as redirectDestination from '../../rules/redirect-destination';
import * as redirectDuplicateSource from '../../rules/redirect-duplicate-source';
import * as redirectLoop from '../../rules/redirect-loop';
import * as redirectParams from '../../rules/redirect-params';
import * as redirectShadowedPage from '../../rules/redirect-shadowed-page';
import * as schema from '../../rules/schema';
import * as singleChildType from '../../rules/single-child-type';
import * as unknownProperty from '../../rules/unknown-property';
import { type Rule, readsPages } from './rule';

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
  linkTarget,
  pageExists,
  duplicatePage,
  orphanPage,
  openapiSource,
  endpointScope,
  endpointExists,
  endpointHidden,
  frontmatterOpenapi,
  mdxSyntax,
  mdxFrontmatter,
  frontmatterType,
  frontmatterKey,
  mdxImport,
  pageLink,
  pageImage,
  pageAnchor,
  externalLink,
  dataSyntax,
  openapiSpec,
  openapiOverlay,
  fileExists,
  redirectBasePath,
  redirectDestination,
  redirectDuplicateSource,
  redirectLoop,
  redirectParams,
  redirectShadowedPage,
  a11yContrast,
  a11yImageAlt,
  a11yLinkText,
  a11yIframeTitle,
  a11yLinkName,
  a11yImageLink,
  a11yHeadingOrder,
  a11yAltFilename,
];

export const ruleById = new Map(rules.map((rule) => [rule.meta.id, rule]));

/** The ids of the rules that read the pages themselves (readsPages). */
export const pageRuleIds: ReadonlySet<string> = new Set(
  rules.filter((rule) => readsPages(rule.meta)).map((rule) => rule.meta.id),
);
