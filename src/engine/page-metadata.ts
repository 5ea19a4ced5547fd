/**
 * The frontmatter keys the platform reads from a page and the values it expects, from its own type of
 * page metadata (@mintlify/validation's decoratedPageSchema) and what it reads besides (`rss`).
 */
export type ExpectedValue =
  | 'text'
  | 'true or false'
  | 'number'
  | 'list of text'
  | 'icon'
  | { oneOf: readonly string[] };

export const pageMetadataKeys: Readonly<Record<string, ExpectedValue>> = {
  title: 'text',
  sidebarTitle: 'text',
  description: 'text',
  canonical: 'text',
  'og:title': 'text',
  'og:url': 'text',
  api: 'text',
  openapi: 'text',
  asyncapi: 'text',
  contentType: 'text',
  authMethod: 'text',
  auth: 'text',
  version: 'text',
  mode: 'text',
  lastUpdatedDate: 'text',
  createdDate: 'text',
  'openapi-schema': 'text',
  tag: 'text',
  url: 'text',
  robots: 'text',
  icon: 'icon',
  hideFooterPagination: 'true or false',
  hideApiMarker: 'true or false',
  noindex: 'true or false',
  searchable: 'true or false',
  isPublic: 'true or false',
  public: 'true or false',
  deprecated: 'true or false',
  hidden: 'true or false',
  timestamp: 'true or false',
  rss: 'true or false',
  boost: 'number',
  keywords: 'list of text',
  playground: { oneOf: ['interactive', 'simple', 'none', 'auth'] },
};

/** A key's spelling for comparing: the platform's keys differ from their usual misspellings in case, `-` and `_` only. */
export const keyShape = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');
