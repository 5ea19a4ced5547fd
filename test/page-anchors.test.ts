import fc from 'fast-check';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseSiteFile } from '../src/parsers/mdx';
import { preprocessMdx } from '../src/parsers/mdx-preprocess';
import { anchorsOf, anchorTargets, parsedTitleText, type Root, titleMarkdownToText } from '../src/parsers/page-anchors';

// A page's tree as src/parsers/mdx.ts makes it: the `{#id}` heading pass, then the platform's processor.
const processor = unified()
  .use(remarkParse)
  .use([remarkMdx, remarkGfm, [remarkFrontmatter, ['yaml', 'toml']], remarkMath])
  .freeze();
const parse = (text: string): Root => processor.parse(preprocessMdx(text).text);
const anchors = (text: string) => anchorsOf(parse(text));

// Every expectation below is the platform's own: the ids of its render of the same text
// (scripts/anchors-differential.mjs compiles pages the same way), read with @mintlify/common 1.0.1182.
describe('anchorsOf: heading ids as the platform renders them', () => {
  it('numbers a repeated heading -2, -3, on one counter with the custom {#id} ids', () => {
    expect(anchors('# Hello World\n## Hello World\n## Hello World\n')).toEqual([
      'hello-world',
      'hello-world-2',
      'hello-world-3',
    ]);
    expect(anchors('## Setup {#install}\n## Install\n## Foo\n## Bar {#foo}\n## T {#My Id!}\n')).toEqual([
      'install',
      'install-2',
      'foo',
      'foo-2',
      'My-Id',
    ]);
  });

  it('turns quotes curly, -- into a dash and ... into an ellipsis first (remark-smartypants), and strips ?,;:!\'"()[]{} and emoji', () => {
    expect(
      anchors(
        [
          "## What's new?",
          '## "Quoted" title',
          "## Don't -- stop...",
          '## (Optional) config: a/b',
          '## Launch 🚀',
          '## 🚀 Launch',
          '## Fees & billing',
          '## C++ & C#',
          '## under_score and-dash',
          '## camelCase API v2',
          '## `code` and **bold**',
        ].join('\n'),
      ),
    ).toEqual([
      'what’s-new',
      // The opening quote follows "new?" in the page's text without a space: smartypants closes it.
      '”quoted”-title',
      'don’t-—-stop…',
      'optional-config-a/b',
      'launch-',
      '-launch',
      'fees-&-billing',
      'c++-&-c#',
      'under_score-and-dash',
      'camelcase-api-v2',
      'code-and-bold',
    ]);
  });

  it('keeps non-Latin and accented text as itself, and decodes percent-encoded text twice', () => {
    expect(
      anchors(
        '## 中文标题\n## 日本語のテキスト\n## Привет мир\n## Café résumé\n## Ünïcödé Straße\n## 100% done\n## a%20b\n',
      ),
    ).toEqual(['中文标题', '日本語のテキスト', 'привет-мир', 'café-résumé', 'ünïcödé-straße', '100%-done', 'a b']);
  });

  it('counts no heading in a code block or inline code, and gives h5 and h6 no id', () => {
    expect(
      anchors(
        '# Title\n```mdx\n## Not a heading\n<div id="no-code">x</div>\n```\nInline `<span id="no-inline">` code.\n##### Five\n###### Six\n## Real\n',
      ),
    ).toEqual(['title', 'real']);
  });

  it('gives no heading an id on a page of mode custom or frame, and keeps element ids there', () => {
    // The mode is the frontmatter's, as the whole parse reads it.
    const anchors = (text: string) => parseSiteFile(text).anchors;
    expect(anchors('---\nmode: custom\n---\n# Custom heading\n<div id="kept">x</div>\n')).toEqual(['kept']);
    expect(anchors('---\nmode: frame\n---\n## Framed\n')).toEqual([]);
    // The key written with an escape is the same key; a key that only ends in `mode` is another.
    expect(anchors('---\n"mo\\x64e": custom\n---\n## Escaped\n')).toEqual([]);
    expect(anchors('---\ncolormode: custom\n---\n## Other key\n')).toEqual(['other-key']);
  });
});

describe('anchorsOf: ids of components and elements', () => {
  it('gives Accordions, Tabs and Views the ids of their titles, each kind on a counter of its own', () => {
    const page = [
      '<Accordion title="Same">a</Accordion>',
      '<Accordion title="Same">b</Accordion>',
      '<Accordion title="**Bold** title">c</Accordion>',
      '<Accordion title="Has id" id="explicit-acc">d</Accordion>',
      '<Tabs>',
      '<Tab title="One">x</Tab>',
      '<Tab title="One">y</Tab>',
      '<Tab title="Two" id="tab-2">z</Tab>',
      '</Tabs>',
      '<View title="Python">p</View>',
    ].join('\n');
    expect(anchors(page)).toEqual(['same', 'same-1', 'bold-title', 'explicit-acc', 'one', 'one-2', 'tab-2', 'python']);
  });

  it('gives Steps with a titleSize, Updates and parameter fields their ids', () => {
    const page = [
      '<Steps>',
      '<Step title="No size">a</Step>',
      '<Step title="Sized" titleSize="h3">b</Step>',
      '<Step title="Anchorless" titleSize="h2" noAnchor>c</Step>',
      '<Step title="Own id" titleSize="h2" id="My Step?">d</Step>',
      '</Steps>',
      '<Update label="2024-01-01" description="x">u</Update>',
      '<Update label="2024-01-01" description="x">u</Update>',
      '<ResponseField name="id" type="string">r</ResponseField>',
      '<ParamField body="userId" type="string">b</ParamField>',
      '<ParamField query="userId" type="string">b</ParamField>',
      '<ParamField header="x" type="string" id="param-userid-1">b</ParamField>',
    ].join('\n');
    expect(anchors(page)).toEqual([
      'sized',
      'My Step',
      '2024-01-01',
      '2024-01-01-2',
      'param-id',
      'param-user-id',
      'param-user-id-1',
      'param-userid-1',
    ]);
  });

  it('takes the id of any element the platform renders, inline ones too, in document order', () => {
    expect(
      anchors(
        '<div id="my-div">x</div>\n\nText with <span id="inline-span">s</span> and <a id="anc"></a>.\n\n<div id="outer">\n## In div\n</div>\n',
      ),
    ).toEqual(['my-div', 'inline-span', 'anc', 'outer', 'in-div']);
  });

  it('counts what is rendered: not a Prompt body, content for agents, an element the platform drops, a callout that does not pass its id', () => {
    const page = [
      '<Prompt>',
      '## In prompt',
      '<div id="in-prompt">x</div>',
      '</Prompt>',
      '<Visibility for="agents">',
      '## For agents',
      '</Visibility>',
      '<Visibility for="humans">',
      '## For humans',
      '</Visibility>',
      '<details id="det">',
      '<summary>S</summary>',
      '## In details',
      '</details>',
      '<Note id="note-id">n</Note>',
      '<Card id="card-id" title="c">c</Card>',
      '<Accordion title="My Accordion">',
      '## Inside Acc',
      '</Accordion>',
    ].join('\n');
    expect(anchors(page)).toEqual(['for-humans', 'my-accordion', 'inside-acc']);
  });

  it('gives footnotes and their references the ids mdast-util-to-hast makes, the section last', () => {
    const page = '## Heading\n\nText[^a] and again[^a] and[^b].\n\n[^a]: A note.\n[^b]: B note[^c].\n[^c]: C.\n';
    expect(anchors(page)).toEqual([
      'heading',
      'user-content-fnref-a',
      'user-content-fnref-a-2',
      'user-content-fnref-b',
      'footnote-label',
      'user-content-fn-a',
      'user-content-fn-b',
      'user-content-fnref-c',
      'user-content-fn-c',
    ]);
  });

  it('says which element each id is on, and lists an id once', () => {
    expect(anchorTargets(parse('## Intro\n<div id="intro">x</div>\n<Tab title="Intro">t</Tab>\n'))).toEqual([
      { id: 'intro', element: 'Heading' },
    ]);
    expect(anchorTargets(parse('<span id="a">x</span> and [^1]\n\n[^1]: n\n')).map((target) => target.element)).toEqual(
      ['span', 'footnote', 'footnote', 'footnote'],
    );
  });
});

describe('anchorsOf: snippets and the tree', () => {
  it('counts a default-imported snippet where its element stands, on the page counter, when the caller lends the snippet', () => {
    const snippet = parse('---\ntitle: s\n---\nexport const x = 1;\n\n## Shared\n<div id="from-snippet">x</div>\n');
    const page = parse("import Shared from '/snippets/shared.mdx';\n\n## Shared\n\n<Shared />\n\n## After\n");
    const asked: string[] = [];
    const lend = (source: string) => {
      asked.push(source);
      return source === '/snippets/shared.mdx' ? snippet : undefined;
    };
    expect(anchorsOf(page, { snippet: lend })).toEqual(['shared', 'shared-2', 'from-snippet', 'after']);
    expect(asked).toEqual(['/snippets/shared.mdx']);
    expect(anchorsOf(page)).toEqual(['shared', 'after']);
  });

  it('leaves the tree as it was, and never throws', () => {
    const tree = parse('## What\'s new\n<ParamField path="a">x</ParamField>\n<Tab title="T">t</Tab>\n');
    const before = JSON.stringify(tree);
    anchorsOf(tree);
    expect(JSON.stringify(tree)).toBe(before);
    expect(anchorsOf({ type: 'root', children: [] })).toEqual([]);
    expect(anchors('## \uD800 lone\n## 100%1\n')).toEqual(['�-lone', '100%1']);
  });
});

describe('titleMarkdownToText: a plain title without a parse', () => {
  // Pieces of titles: the characters the shortcut takes, Markdown's own, and white space at the ends.
  const piece = fc.constantFrom(
    'Get started',
    'Étape 2',
    '设置',
    'a',
    ' ',
    '  ',
    ',',
    '.',
    ':',
    '?',
    "'",
    '’',
    '"',
    '(',
    ')',
    '/',
    '+',
    '%',
    '-',
    '--',
    'www.example.com',
    'https://example.com',
    '`',
    '*',
    '_',
    '~~',
    '[a](/b)',
    '&amp;',
    '\\',
    '<b>',
    '\t',
    '\u00a0',
    '\u3000',
    '\ufeff',
    '\u0085',
    '\u2028',
    '\ud800',
    '¿Qué?',
    '？',
    '。',
    '（',
    '—',
    '🦄',
    '#',
    '=',
    '|',
    '!',
    '$',
    '{',
    '^',
  );

  it('gives what the parse gives, for any title', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const title = pieces.join('');
        expect(titleMarkdownToText(title)).toBe(parsedTitleText(title));
      }),
      { numRuns: 5_000 },
    );
  });
});
