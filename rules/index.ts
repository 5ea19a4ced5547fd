import { type Rule, ruleSetOf } from '../src/engine/rule';
import * as a11yAltFilename from './a11y-alt-filename';
import * as a11yContrast from './a11y-contrast';
import * as a11yHeadingOrder from './a11y-heading-order';
import * as a11yIframeTitle from './a11y-iframe-title';
import * as a11yImageAlt from './a11y-image-alt';
import * as a11yImageLink from './a11y-image-link';
import * as a11yLinkName from './a11y-link-name';
import * as a11yLinkText from './a11y-link-text';
import * as dataSyntax from './data-syntax';
import * as disableDirective from './disable-directive';
import * as duplicateKey from './duplicate-key';
import * as duplicateName from './duplicate-name';
import * as duplicatePage from './duplicate-page';
import * as emptyGroup from './empty-group';
import * as endpointExists from './endpoint-exists';
import * as endpointHidden from './endpoint-hidden';
import * as endpointScope from './endpoint-scope';
import * as expandedTopLevel from './expanded-top-level';
import * as externalLink from './external-link';
import * as fileExists from './file-exists';
import * as frontmatterKey from './frontmatter-key';
import * as frontmatterOpenapi from './frontmatter-openapi';
import * as frontmatterType from './frontmatter-type';
import * as hrefFormat from './href-format';
import * as jsonRef from './json-ref';
import * as jsonSyntax from './json-syntax';
import * as languageCode from './language-code';
import * as linkTarget from './link-target';
import * as mdxFrontmatter from './mdx-frontmatter';
import * as mdxImport from './mdx-import';
import * as mdxSyntax from './mdx-syntax';
import * as navigationRoot from './navigation-root';
import * as openapiOverlay from './openapi-overlay';
import * as openapiSource from './openapi-source';
import * as openapiSpec from './openapi-spec';
import * as orphanPage from './orphan-page';
import * as pageAnchor from './page-anchor';
import * as pageExists from './page-exists';
import * as pageImage from './page-image';
import * as pageLink from './page-link';
import * as redirectBasePath from './redirect-base-path';
import * as redirectDestination from './redirect-destination';
import * as redirectDuplicateSource from './redirect-duplicate-source';
import * as redirectLoop from './redirect-loop';
import * as redirectParams from './redirect-params';
import * as redirectShadowedPage from './redirect-shadowed-page';
import * as schema from './schema';
import * as singleChildType from './single-child-type';
import * as unknownProperty from './unknown-property';

/** Every rule of navlint, in the order of the README's table. */
export const rules: readonly Rule[] = [
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
  disableDirective,
  a11yContrast,
  a11yImageAlt,
  a11yLinkText,
  a11yIframeTitle,
  a11yLinkName,
  a11yImageLink,
  a11yHeadingOrder,
  a11yAltFilename,
];

/** navlint's rules, as the engine takes them. */
export const ruleSet = ruleSetOf(rules);
