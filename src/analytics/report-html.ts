import { formatNumber as n, type Report } from './report-data';

export interface HtmlOptions {
  /** The href of a file of the docs folder (relative to it), from where the report is written. */
  fileLink: (file: string) => string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A cell: text (escaped here) or markup, and the value it sorts by. */
interface Cell {
  html: string;
  sort?: number | string;
}
const text = (value: string): Cell => ({ html: escapeHtml(value), sort: value });
const num = (value: number): Cell => ({ html: n(value), sort: value });

function fileCell(file: string | undefined, options: HtmlOptions): Cell {
  if (!file) return text('');
  return { html: `<a href="${escapeHtml(options.fileLink(file))}">${escapeHtml(file)}</a>`, sort: file };
}

/** A table whose headers sort it (a click; numbers largest first), each cell carrying the value it sorts by. */
function sortableTable(id: string, headers: string[], rows: Cell[][]): string {
  if (rows.length === 0) return '<p class="none">None.</p>';
  const numeric = headers.map((_, i) => rows.every((row) => typeof row[i].sort === 'number'));
  const head = headers
    .map(
      (header, i) => `<th data-column="${i}" tabindex="0"${numeric[i] ? ' class="n"' : ''}>${escapeHtml(header)}</th>`,
    )
    .join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row
          .map(
            (cell) =>
              `<td${cell.sort === undefined ? '' : ` data-sort="${escapeHtml(String(cell.sort))}"`}${typeof cell.sort === 'number' ? ' class="n"' : ''}>${cell.html}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('\n');
  return `<table class="sortable" id="${id}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** Stacked bars, one `g.bar` per bucket: negative feedback below, the rest above. */
function timelineChart(report: Report): string {
  const { buckets } = report.timeline;
  const { total, negative } = report.feedback.timeline;
  if (buckets.length === 0) return '<p class="none">No dated feedback.</p>';
  const width = 960;
  const height = 220;
  const left = 40;
  const bottom = 24;
  const top = 10;
  const max = Math.max(1, ...total);
  const step = (width - left) / buckets.length;
  const barWidth = Math.max(1, step * 0.8);
  const y = (value: number) => ((height - bottom - top) * value) / max;
  const bars = buckets
    .map((bucket, i) => {
      const x = left + i * step + (step - barWidth) / 2;
      const all = y(total[i]);
      const bad = y(negative[i]);
      const base = height - bottom;
      return `<g class="bar" data-bucket="${bucket}" data-total="${total[i]}" data-negative="${negative[i]}"><title>${bucket}: ${n(total[i])} entries, ${n(negative[i])} negative</title><rect class="rest" x="${x.toFixed(1)}" y="${(base - all).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(all - bad).toFixed(1)}"/><rect class="negative" x="${x.toFixed(1)}" y="${(base - bad).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${bad.toFixed(1)}"/></g>`;
    })
    .join('');
  const labels = [0, Math.floor(buckets.length / 2), buckets.length - 1]
    .filter((i, at, all) => all.indexOf(i) === at)
    .map((i) => {
      // The first and last labels end inside the chart, the middle one is centred on its bar.
      const anchor = i === 0 ? 'start' : i === buckets.length - 1 ? 'end' : 'middle';
      const x = left + i * step + (anchor === 'start' ? 0 : anchor === 'end' ? step : step / 2);
      return `<text x="${x.toFixed(1)}" y="${height - 6}" text-anchor="${anchor}">${buckets[i]}</text>`;
    })
    .join('');
  const axis = `<text x="${left - 6}" y="${top + 10}" text-anchor="end">${n(max)}</text><text x="${left - 6}" y="${height - bottom}" text-anchor="end">0</text><line x1="${left}" y1="${height - bottom}" x2="${width}" y2="${height - bottom}"/>`;
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="Feedback per ${report.timeline.unit}">${axis}${bars}${labels}</svg>`;
}

/** A row's own timeline as a small bar chart. */
function sparkline(counts: number[]): string {
  const max = Math.max(1, ...counts);
  const width = 120;
  const height = 20;
  const step = width / Math.max(1, counts.length);
  const bars = counts
    .map((count, i) =>
      count === 0
        ? ''
        : `<rect x="${(i * step).toFixed(1)}" y="${(height - (height * count) / max).toFixed(1)}" width="${Math.max(1, step - 0.5).toFixed(1)}" height="${((height * count) / max).toFixed(1)}"/>`,
    )
    .join('');
  return `<svg class="spark" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${bars}</svg>`;
}

function summary(report: Report): string {
  const { feedback, assistant } = report;
  const card = (value: number, label: string, tone = '') =>
    `<div class="card ${tone}"><b>${n(value)}</b><span>${label}</span></div>`;
  return `<div class="cards">${card(feedback.total, 'feedback entries')}${card(feedback.negative, 'negative', 'bad')}${card(feedback.open, 'open (pending, in progress)')}${card(feedback.byLanding.missing ?? 0, 'on paths that land nowhere', 'warn')}${card(assistant.conversations, 'conversations')}${card(assistant.unanswered, 'unanswered', 'bad')}${card(assistant.citations, 'sources cited')}${card(assistant.citationsByLanding.missing ?? 0, 'sources that land nowhere', 'warn')}</div>`;
}

function inputsNote(report: Report): string {
  const lines = (['feedback', 'assistant'] as const).map((kind) => {
    const input = report.inputs[kind];
    const skipped = Object.entries(input.skipped).map(([field, count]) => `${n(count)} left out without ${field}`);
    const incomplete = Object.entries(input.incomplete).map(([field, count]) => `${n(count)} without ${field}`);
    const parts = [
      `${n(input.entries)} entries from ${input.from.map(escapeHtml).join(', ') || 'nowhere'}`,
      ...skipped,
      ...incomplete,
    ];
    if (input.duplicates) parts.push(`${n(input.duplicates)} seen twice, counted once`);
    if (input.partial) parts.push(`<b>partial</b>${input.stopped ? `: ${escapeHtml(input.stopped)}` : ''}`);
    return `<li>${kind}: ${parts.join('; ')}</li>`;
  });
  return `<ul class="inputs">${lines.join('')}</ul>`;
}

const style = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#1d1f23}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}.meta{color:#5b6270}
.partial{background:#fff4d6;border:1px solid #e8c25a;padding:8px 12px;border-radius:6px}
.cards{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;margin:16px 0}.card{border:1px solid #dde1e7;border-radius:8px;padding:10px 12px}
.card b{display:block;font-size:22px}.card span{color:#5b6270}.card.bad b{color:#c62f2f}.card.warn b{color:#b36b00}
.chart{width:100%;height:auto}.chart .rest{fill:#9fb4d8}.chart .negative{fill:#d9534f}.chart text{font-size:11px;fill:#5b6270}.chart line{stroke:#aab}
.spark rect{fill:#6d8cc7}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eceff3;vertical-align:middle}
th{cursor:pointer;user-select:none;background:#f6f7f9;position:sticky;top:0}th[aria-sort=descending]::after{content:" ▼"}th[aria-sort=ascending]::after{content:" ▲"}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.none{color:#5b6270}.legend i{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}
ul.never{columns:3}`;

// Sorts a table by the column clicked: numbers largest first, text A to Z; a second click reverses.
const script = `for (const table of document.querySelectorAll('table.sortable')) {
  const heads = [...table.tHead.rows[0].cells];
  const sort = (th) => {
    const i = Number(th.dataset.column);
    const rows = [...table.tBodies[0].rows];
    const numeric = rows.every((r) => r.cells[i].classList.contains('n'));
    const first = numeric ? 'descending' : 'ascending';
    const order = th.getAttribute('aria-sort') === first ? (numeric ? 'ascending' : 'descending') : first;
    const sign = order === 'ascending' ? 1 : -1;
    const key = (r) => { const v = r.cells[i].dataset.sort ?? r.cells[i].textContent; return numeric ? Number(v) : v; };
    rows.sort((a, b) => { const x = key(a), y = key(b); return (x < y ? -1 : x > y ? 1 : 0) * sign; });
    for (const h of heads) h.removeAttribute('aria-sort');
    th.setAttribute('aria-sort', order);
    for (const r of rows) table.tBodies[0].appendChild(r);
  };
  for (const th of heads) {
    th.addEventListener('click', () => sort(th));
    th.addEventListener('keydown', (e) => { if (e.key === 'Enter') sort(th); });
  }
}`;

/** The report as one self-contained HTML page: inline CSS, SVG charts and a few lines of script; nothing fetched. */
export function formatReportHtml(report: Report, options: HtmlOptions): string {
  const { feedback, assistant, timeline } = report;
  const range = timeline.buckets.length > 0 ? `${timeline.first} to ${timeline.last}` : 'no dated entries';
  const pages = feedback.pages.map((row) => [
    text(row.path),
    fileCell(row.file, options),
    text(row.kind + (row.listed ? '' : ', not in the navigation')),
    num(row.negative),
    num(row.total),
    num(row.open),
    num(row.viaRedirect),
    { html: sparkline(row.timeline), sort: row.total },
  ]);
  const missing = feedback.missing.map((row) => [
    text(row.path),
    num(row.total),
    num(row.negative),
    num(row.open),
    text(row.nearest ?? row.external ?? ''),
  ]);
  const missingSources = assistant.missingSources.map((row) => [
    text(row.url),
    num(row.citations),
    num(row.conversations),
    text(row.nearest ?? ''),
    text(row.examples.join(', ')),
  ]);
  const redirected = assistant.redirectedSources.map((row) => [
    text(row.url),
    num(row.citations),
    text(row.redirects.join(' → ')),
    fileCell(row.file, options),
  ]);
  const categories = assistant.categories.map((row) => [
    text(row.category ?? '(none)'),
    num(row.conversations),
    num(row.unanswered),
    {
      html: `${Math.round((100 * row.unanswered) / Math.max(1, row.conversations))}%`,
      sort: row.unanswered / Math.max(1, row.conversations),
    },
  ]);
  const never = assistant.neverCited
    .map((page) => `<li><a href="${escapeHtml(options.fileLink(page.file))}">${escapeHtml(page.path)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>navlint analytics report</title><style>${style}</style></head><body>
<h1>Feedback and assistant answers, joined with the site</h1>
<p class="meta">${escapeHtml(report.site.docsFile)} · ${range}${report.site.origin ? ` · ${escapeHtml(report.site.origin)}` : ''}</p>
${report.partial ? '<p class="partial" id="partial">This report is <b>partial</b>: an export stopped before its end (see the inputs below).</p>' : ''}
${summary(report)}
<h2>Feedback per ${timeline.unit}</h2><p class="legend"><i style="background:#d9534f"></i>negative<i style="background:#9fb4d8"></i>other</p>
${timelineChart(report)}
<h2 id="pages">Feedback per page (${n(feedback.pages.length)})</h2>
${sortableTable('pages-table', ['page', 'file', 'kind', 'negative', 'total', 'open', 'via redirect', `per ${timeline.unit}`], pages)}
<h2 id="missing">Feedback on paths that are no page today (${n(feedback.missing.length)})</h2>
${sortableTable('missing-table', ['path', 'entries', 'negative', 'open', 'did you mean'], missing)}
<h2 id="missing-sources">Assistant sources that land nowhere (${n(assistant.missingSources.length)})</h2>
${sortableTable('missing-sources-table', ['url', 'citations', 'conversations', 'did you mean', 'conversation ids'], missingSources)}
<h2 id="redirected-sources">Assistant sources through a redirect (${n(assistant.redirectedSources.length)})</h2>
${sortableTable('redirected-sources-table', ['url', 'citations', 'redirects', 'lands on'], redirected)}
<h2 id="categories">Questions by category</h2>
${sortableTable('categories-table', ['category', 'conversations', 'unanswered', 'unanswered share'], categories)}
<h2 id="never-cited">Pages no answer cites (${n(assistant.neverCited.length)} of ${n(assistant.listedPages)})</h2>
${assistant.conversations === 0 ? '<p class="none">No conversations in the report.</p>' : `<ul class="never">${never}</ul>`}
<h2>Inputs</h2>${inputsNote(report)}
<script>${script}</script>
</body></html>
`;
}
