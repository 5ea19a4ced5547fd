// Generates a large, deterministic docs site for the benchmark: languages × versions scopes, each
// listing every MDX page and a share of the endpoints of several OpenAPI specs. Lints clean.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom as random } from './seeded-random.mjs';

const codes = ['en', 'fr', 'de', 'es', 'jp', 'ko', 'cn', 'it', 'nl', 'pl'];

/**
 * `broken`: the share of entries with nothing behind them, as after a folder is renamed: that many
 * page entries name a folder that no longer exists (the page moved to `guides/renamed-N/`), and that
 * many endpoint entries have a typo in their path.
 */
export function generateSite(
  dir,
  {
    entries = 50_000,
    specs = 10,
    operationsPerSpec = 500,
    languages = 5,
    versions = 3,
    mdxFiles = 1000,
    broken = 0,
    seed = 42,
  } = {},
) {
  const rand = random(seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const methods = ['get', 'post', 'put', 'patch', 'delete'];

  const operations = [];
  for (let s = 0; s < specs; s++) {
    const paths = {};
    for (let o = 0; o < operationsPerSpec; o++) {
      const method = methods[o % methods.length];
      const path = `/v${s + 1}/resource${Math.floor(o / methods.length)}/{id}/item${Math.floor(rand() * 1000)}`;
      paths[path] ??= {};
      paths[path][method] = { summary: `Operation ${o}`, responses: { 200: { description: 'OK' } } };
    }
    const file = `specs/api-${s}.json`;
    mkdirSync(join(dir, 'specs'), { recursive: true });
    writeFileSync(
      join(dir, file),
      JSON.stringify({ openapi: '3.1.0', info: { title: `API ${s}`, version: '1' }, paths }, null, 2),
    );
    for (const [path, item] of Object.entries(paths))
      for (const method of Object.keys(item)) operations.push({ spec: file, entry: `${method.toUpperCase()} ${path}` });
  }

  const pages = [];
  for (let p = 0; p < mdxFiles; p++) {
    const page = `guides/section${p % 40}/page-${p}`;
    pages.push(page);
    // One page in 1/broken lives in a renamed folder; the navigation still names the old one.
    const moved = broken > 0 && p % Math.round(1 / broken) === 3;
    const file = moved ? `guides/renamed-${p % 40}/page-${p}` : page;
    mkdirSync(join(dir, file, '..'), { recursive: true });
    const api =
      p % 10 === 0
        ? `openapi: "${operations[p % operations.length].spec} ${operations[p % operations.length].entry}"\n`
        : '';
    writeFileSync(
      join(dir, `${file}.mdx`),
      `---\ntitle: "Page ${p}"\ndescription: "Generated page ${p}."\n${api}---\n\n# Page ${p}\n\n${'Some text. '.repeat(40)}\n`,
    );
  }

  const scopes = languages * versions;
  const endpointsPerScope = Math.max(0, Math.floor(entries / scopes) - pages.length);
  const scope = (index) => {
    const groups = [];
    for (let g = 0; g < pages.length; g += 25) {
      groups.push({
        group: `Section ${g / 25}`,
        pages: [
          pages.slice(g, g + 12),
          { group: `More ${g / 25}`, expanded: false, pages: pages.slice(g + 12, g + 25) },
        ].flat(),
      });
    }
    const bySpec = new Map();
    for (let e = 0; e < endpointsPerScope; e++) {
      const op = operations[(index * endpointsPerScope + e) % operations.length];
      if (!bySpec.has(op.spec)) bySpec.set(op.spec, new Set());
      // A typo in one path in 1/broken: "item" spelt "itme".
      bySpec
        .get(op.spec)
        .add(broken > 0 && e % Math.round(1 / broken) === 7 ? op.entry.replace('/item', '/itme') : op.entry);
    }
    const apiTabs = [...bySpec].map(([spec, set]) => ({
      tab: `API ${spec}`,
      openapi: spec,
      groups: [{ group: 'Endpoints', pages: [...set] }],
    }));
    return [{ tab: 'Guides', groups }, ...apiTabs];
  };
  const navigation = {
    languages: codes.slice(0, languages).map((language, l) => ({
      language,
      versions: Array.from({ length: versions }, (_, v) => ({
        version: `v${versions - v}`,
        tabs: scope(l * versions + v),
      })),
    })),
  };
  writeFileSync(
    join(dir, 'docs.json'),
    JSON.stringify({ name: 'Generated', theme: 'mint', colors: { primary: '#0D9373' }, navigation }, null, 2),
  );
  return { entries: scopes * (pages.length + endpointsPerScope), endpoints: operations.length };
}

/**
 * A site shaped like one of the largest production sites: `languages` × `versions` scopes, each with
 * its own folder of pages (`en/v35/…`), most of them listed and a few not; `endpointPages` of the
 * pages are endpoint pages named in frontmatter (`openapi: GET /path`), resolved through the spec in
 * force where they are listed. Page bodies of a few KB, some much longer, as real pages are. Lints clean.
 */
export function generateProductionSite(
  dir,
  {
    languages = 4,
    versions = 35,
    entries = 23_000,
    mdxFiles = 25_000,
    endpointPages = 500,
    specs = 4,
    operationsPerSpec = 200,
    seed = 7,
  } = {},
) {
  const rand = random(seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'specs'), { recursive: true });
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  const operations = [];
  for (let s = 0; s < specs; s++) {
    const paths = {};
    for (let o = 0; o < operationsPerSpec; o++) {
      const path = `/v${s + 1}/objects${Math.floor(o / methods.length)}/{id}`;
      (paths[path] ??= {})[methods[o % methods.length]] = {
        summary: `Operation ${o}`,
        responses: { 200: { description: 'OK' } },
      };
    }
    writeFileSync(
      join(dir, `specs/api-${s}.json`),
      JSON.stringify({ openapi: '3.1.0', info: { title: `API ${s}`, version: '1' }, paths }, null, 2),
    );
    operations.push(
      Object.entries(paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
  }
  const scopes = languages * versions;
  const filesPerScope = Math.floor(mdxFiles / scopes);
  const listedPerScope = Math.floor(entries / scopes);
  const endpointPagesPerScope = endpointPages / scopes;
  // Its link lands on the first page of the page's own scope.
  const paragraph = (base) =>
    `Navigation, pages and endpoints: a paragraph of a real page, with \`code\` and [a link](/${base}/section0/page-0). `;
  const written = new Set();
  let endpointPagesMade = 0;
  const scopeNavigation = (l, v, scope) => {
    const base = `${codes[l]}/v${versions - v}`;
    const spec = `specs/api-${scope % specs}.json`;
    const guides = [];
    const reference = [];
    // The scope's endpoint pages are its last listed pages, listed in a tab whose openapi is in force
    // (the pages after them are listed nowhere).
    const apiFrom =
      listedPerScope - Math.floor(endpointPagesPerScope * (scope + 1)) + Math.floor(endpointPagesPerScope * scope);
    for (let p = 0; p < filesPerScope; p++) {
      const folder = `${base}/section${p % 12}`;
      const page = `${folder}/page-${p}`;
      const isApi = p >= apiFrom && p < listedPerScope;
      if (!written.has(folder)) {
        mkdirSync(join(dir, folder), { recursive: true });
        written.add(folder);
      }
      const api = isApi
        ? `openapi: "${operations[scope % specs][(scope * 7 + p) % operations[scope % specs].length]}"\n`
        : '';
      if (isApi) endpointPagesMade++;
      const long = rand() < 0.05 ? 40 : 4 + Math.floor(rand() * 30);
      writeFileSync(
        join(dir, `${page}.mdx`),
        `---\ntitle: "Page ${p}"\ndescription: "Page ${p} of ${base}."\n${api}---\n\n# Page ${p}\n\n${paragraph(base).repeat(long)}\n`,
      );
      if (p < listedPerScope) (isApi ? reference : guides).push(page);
    }
    const groups = [];
    for (let g = 0; g < guides.length; g += 20)
      groups.push({ group: `Section ${g / 20}`, pages: guides.slice(g, g + 20) });
    return [
      { tab: 'Guides', groups },
      ...(reference.length
        ? [{ tab: 'API reference', openapi: spec, groups: [{ group: 'Endpoints', pages: reference }] }]
        : []),
    ];
  };
  const navigation = {
    languages: codes.slice(0, languages).map((language, l) => ({
      language,
      versions: Array.from({ length: versions }, (_, v) => ({
        version: `v${versions - v}`,
        tabs: scopeNavigation(l, v, l * versions + v),
      })),
    })),
  };
  writeFileSync(
    join(dir, 'docs.json'),
    JSON.stringify({ name: 'Production-shaped', theme: 'mint', colors: { primary: '#0D9373' }, navigation }, null, 2),
  );
  return { entries: scopes * listedPerScope, files: scopes * filesPerScope, endpointPages: endpointPagesMade };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, entries] = process.argv.slice(2);
  console.log(generateSite(dir ?? '.bench/site', { entries: Number(entries ?? 50_000) }));
}

// Prose for the realistic pages: sentences made of these words, with inline code, links, emphasis.
const words = (
  'the a your this each every site page pages docs navigation group tab endpoint request response ' +
  'field value key token project team user setting option file folder build deploy preview branch ' +
  'update create delete configure add remove set use run check return send receive include support ' +
  'custom default required optional public private new first last next same other more many quickly ' +
  'automatically when after before with without from into for to in on of and or but if then'
).split(' ');
const languages = {
  bash: [
    'npm install @acme/sdk',
    'acme login --token "$ACME_TOKEN"',
    'acme deploy --branch main',
    'curl -X POST https://api.acme.dev/v1/items \\',
    '  -H "Authorization: Bearer $TOKEN"',
    'export ACME_ENV=production',
  ],
  javascript: [
    "import { Client } from '@acme/sdk';",
    'const client = new Client({ apiKey: process.env.ACME_KEY });',
    'const items = await client.items.list({ limit: 20 });',
    'for (const item of items) {',
    '  console.log(item.id, item.name);',
    '}',
  ],
  typescript: [
    'interface Item {',
    '  id: string;',
    '  name: string;',
    '  createdAt: Date;',
    '}',
    'export async function fetchItem(id: string): Promise<Item> {',
    '  return client.items.get(id);',
    '}',
  ],
  python: [
    'from acme import Client',
    'client = Client(api_key=os.environ["ACME_KEY"])',
    'items = client.items.list(limit=20)',
    'for item in items:',
    '    print(item.id, item.name)',
    'client.close()',
  ],
  json: ['{', '  "id": "item_123",', '  "name": "Example",', '  "tags": ["docs", "api"],', '  "enabled": true', '}'],
  yaml: ['name: Example', 'on:', '  push:', '    branches: [main]', 'jobs:', '  check:', '    runs-on: ubuntu-latest'],
};
const callouts = ['Note', 'Tip', 'Warning', 'Info', 'Check'];
const icons = ['rocket', 'book', 'code', 'gear', 'globe', 'lock', 'bolt', 'star'];

/**
 * A site of realistic MDX pages for the page parse benchmark (issue 26): `pages` pages of a few KB
 * (1.5 to 5 KB, one in fifty of 10 to 25 KB), each a seeded mix of prose with inline code, links and
 * emphasis, headings, lists, fenced code blocks and the platform's components (callouts, Steps, Tabs,
 * CodeGroup, AccordionGroup, CardGroup, ParamField and ResponseField with Expandable, Frame), tables,
 * and imports of snippets; one page of about `longPageBytes` (a 20 KB page for the language server's
 * keystrokes), all listed in docs.json. Lints clean. Returns the pages (paths without extension) and
 * the long page's.
 */
export function generatePagesSite(dir, { pages = 25_000, longPageBytes = 20_000, seed = 26 } = {}) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const between = (low, high) => low + Math.floor(rand() * (high - low + 1));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'snippets'), { recursive: true });
  writeFileSync(
    join(dir, 'snippets', 'beta-note.mdx'),
    '<Note>\n  This feature is in beta. Its options may change before it is generally available.\n</Note>\n',
  );
  writeFileSync(
    join(dir, 'snippets', 'version-badge.mdx'),
    'export const VersionBadge = ({ version }) => (\n  <span className="badge">Since {version}</span>\n);\n',
  );
  const paths = Array.from(
    { length: pages },
    (_, p) =>
      `${['guides', 'reference', 'integrations', 'platform', 'api-guides'][p % 5]}/topic-${Math.floor(p / 100)}/page-${p}`,
  );
  const words$ = (count) => Array.from({ length: count }, pick.bind(null, words)).join(' ');
  const sentence = () => {
    const text = words$(between(6, 18));
    const extra = rand();
    const decorated =
      extra < 0.15
        ? `${text} \`${pick(words)}_${pick(words)}\``
        : extra < 0.27
          ? `${text} [${words$(2)}](/${pick(paths)})`
          : extra < 0.35
            ? `**${words$(2)}** ${text}`
            : extra < 0.4
              ? `${text} _${pick(words)}_`
              : text;
    return `${decorated[0].toUpperCase()}${decorated.slice(1)}.`;
  };
  const paragraph = (indent = '') => indent + Array.from({ length: between(2, 5) }, sentence).join(' ');
  const code = (language = pick(Object.keys(languages)), title = '') => {
    const lines = languages[language];
    const start = between(0, lines.length - 3);
    return [
      `\`\`\`${language}${title ? ` ${title}` : ''}`,
      ...lines.slice(start, start + between(3, lines.length - start)),
      '```',
    ].join('\n');
  };
  const title = () => {
    const text = words$(between(2, 4));
    return text[0].toUpperCase() + text.slice(1);
  };
  /** @type {[number, () => string][]} */
  const blocks = [
    [30, () => paragraph()],
    [12, () => `${rand() < 0.6 ? '##' : '###'} ${title()}`],
    [12, () => code()],
    [
      8,
      () => {
        const kind = pick(callouts);
        return `<${kind}>\n  ${sentence()} ${sentence()}\n</${kind}>`;
      },
    ],
    [
      8,
      () => {
        const ordered = rand() < 0.4;
        return Array.from({ length: between(3, 6) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence()}`).join(
          '\n',
        );
      },
    ],
    [
      4,
      () =>
        `<Steps>\n${Array.from({ length: between(2, 4) }, () => `  <Step title="${title()}">\n${paragraph('    ')}\n\n${code('bash').replace(/^/gm, '    ')}\n  </Step>`).join('\n')}\n</Steps>`,
    ],
    [
      3,
      () =>
        `<Tabs>\n${['javascript', 'python', 'bash']
          .slice(0, between(2, 3))
          .map((language) => `  <Tab title="${language}">\n${code(language).replace(/^/gm, '    ')}\n  </Tab>`)
          .join('\n')}\n</Tabs>`,
    ],
    [
      3,
      () =>
        `<CodeGroup>\n\n${['javascript', 'typescript', 'python']
          .slice(0, between(2, 3))
          .map((language) => code(language, `example.${language.slice(0, 2)}`))
          .join('\n\n')}\n\n</CodeGroup>`,
    ],
    [
      3,
      () =>
        `<AccordionGroup>\n${Array.from({ length: between(2, 3) }, () => `  <Accordion title="${title()}">\n${paragraph('    ')}\n  </Accordion>`).join('\n')}\n</AccordionGroup>`,
    ],
    [
      3,
      () =>
        `<CardGroup cols={2}>\n${Array.from({ length: between(2, 4) }, () => `  <Card title="${title()}" icon="${pick(icons)}" href="/${pick(paths)}">\n    ${sentence()}\n  </Card>`).join('\n')}\n</CardGroup>`,
    ],
    [
      3,
      () =>
        `<ParamField body="${pick(words)}_${pick(words)}" type="${pick(['string', 'number', 'boolean', 'object'])}"${rand() < 0.4 ? ' required' : ''}>\n  ${sentence()}\n</ParamField>\n\n<ResponseField name="${pick(words)}" type="object">\n  ${sentence()}\n  <Expandable title="properties">\n    <ResponseField name="id" type="string">\n      ${sentence()}\n    </ResponseField>\n  </Expandable>\n</ResponseField>`,
    ],
    [
      2,
      () =>
        `| ${title()} | Type | Description |\n| --- | --- | --- |\n${Array.from({ length: between(3, 6) }, () => `| \`${pick(words)}\` | ${pick(['string', 'number', 'boolean'])} | ${sentence()} |`).join('\n')}`,
    ],
    [
      2,
      () =>
        `<Frame caption="${title()}">\n  <img src="https://assets.acme.dev/${pick(words)}.png" alt="${title()}" />\n</Frame>`,
    ],
  ];
  const weight = blocks.reduce((sum, [w]) => sum + w, 0);
  const block = () => {
    let at = rand() * weight;
    for (const [w, make] of blocks) if ((at -= w) < 0) return make();
    return paragraph();
  };
  const longPage = Math.floor(pages / 2);
  paths.forEach((page, p) => {
    // A few KB each (1.5 to 5), a long one (10 to 25) now and then, and one of about longPageBytes.
    const size = p === longPage ? longPageBytes : rand() < 0.02 ? between(10_000, 25_000) : between(1_500, 5_000);
    const parts = [
      `---\ntitle: "${title()}"\ndescription: "${sentence()}"\n${rand() < 0.3 ? `icon: "${pick(icons)}"\n` : ''}---`,
    ];
    const snippet = rand();
    if (snippet < 0.04) parts.push("import BetaNote from '/snippets/beta-note.mdx';", '<BetaNote />');
    else if (snippet < 0.07)
      parts.push(
        "import { VersionBadge } from '/snippets/version-badge.mdx';",
        `<VersionBadge version="${between(1, 9)}.${between(0, 20)}" />`,
      );
    let length = parts.reduce((sum, part) => sum + part.length + 2, 0);
    while (length < size) {
      const next = block();
      parts.push(next);
      length += next.length + 2;
    }
    const text = `${parts.join('\n\n')}\n`;
    mkdirSync(join(dir, page, '..'), { recursive: true });
    writeFileSync(join(dir, `${page}.mdx`), text);
  });
  const tabs = [];
  for (let t = 0; t < paths.length; t += 2500) {
    const groups = [];
    for (let g = t; g < Math.min(t + 2500, paths.length); g += 25)
      groups.push({ group: `Section ${g / 25}`, pages: paths.slice(g, g + 25) });
    tabs.push({ tab: `Part ${t / 2500 + 1}`, groups });
  }
  writeFileSync(
    join(dir, 'docs.json'),
    JSON.stringify(
      { name: 'Realistic pages', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { tabs } },
      null,
      2,
    ),
  );
  return { pages: paths, longPage: paths[longPage] };
}
