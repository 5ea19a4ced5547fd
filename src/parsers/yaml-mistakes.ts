/**
 * The commonest mistakes writers make in a page's frontmatter, told in plain words from js-yaml's
 * error: what to write instead (`hint`) and where the mistake is (`offset`, in the YAML), when that
 * is not where the parser stopped. js-yaml stops at the end of the block for a quote or a list that
 * never closes: the mistake is where it was opened.
 */
export interface YamlMistake {
  hint: string;
  offset?: number;
}

export function yamlMistake(yaml: string, reason: string, at: number): YamlMistake | undefined {
  if (/^unexpected end of the stream within a (double|single) quoted scalar/.test(reason)) {
    const quote = reason.includes('double') ? '"' : "'";
    const opened = unclosedOpening(yaml, quote, quote);
    return {
      hint: `the ${quote === '"' ? 'double' : 'single'} quote opened here is never closed: close it at the value's end`,
      offset: opened,
    };
  }
  if (/^unexpected end of the stream within a flow collection/.test(reason)) {
    const list = unclosedOpening(yaml, '[', ']');
    const map = unclosedOpening(yaml, '{', '}');
    const opened = Math.max(list ?? -1, map ?? -1);
    const closing = opened === list ? ']' : '}';
    return {
      hint: `the ${closing === ']' ? 'list' : 'mapping'} opened here is never closed with "${closing}"`,
      offset: opened,
    };
  }
  // A quote left open on its line: the next line's quote closes it, and the parser stops further down.
  if (/multiline key may not be an implicit key|can not read a block mapping entry/.test(reason)) {
    const open = oddQuote(yaml.slice(0, at));
    if (open !== undefined)
      return { hint: "the quote opened here is not closed on its line: close it at the value's end", offset: open };
  }
  const line = lineAt(yaml, at);
  if (
    /incomplete explicit mapping pair|bad indentation of a mapping entry|mapping values are not allowed/.test(reason)
  ) {
    // `description: Note: this is it`: a second ": " in an unquoted value.
    const pair = /^(\s*[\w-]+):[ \t]+(?!["'[{|>])([^#\n]*?:[ \t][^\n]*)$/.exec(line.text);
    if (pair) {
      const value = pair[2].trimEnd();
      return {
        hint: `the value holds ": ", which YAML reads as a key: put it in quotes (${pair[1].trim()}: "${value.replaceAll('"', '\\"')}")`,
        offset: line.start + line.text.indexOf(pair[2], pair[1].length + 1),
      };
    }
  }
  if (/tab characters must not be used in indentation/.test(reason) || /^\t/.test(line.text))
    return { hint: 'indent with spaces: YAML does not allow tabs in indentation', offset: line.start };
  if (/^duplicated mapping key/.test(reason)) return { hint: 'a key given twice: keep one of them' };
  return undefined;
}

/** The offset of the last `open` that no `close` after it matches (a quote: one with no other after it). */
function unclosedOpening(yaml: string, open: string, close: string): number | undefined {
  if (open === close) {
    const last = yaml.lastIndexOf(open);
    return last >= 0 ? last : undefined;
  }
  const opened: number[] = [];
  for (let i = 0; i < yaml.length; i++) {
    if (yaml[i] === open) opened.push(i);
    else if (yaml[i] === close) opened.pop();
  }
  return opened.at(-1);
}

/** The first quote of the first line that holds an odd number of double quotes, where a value opens with one. */
function oddQuote(yaml: string): number | undefined {
  let start = 0;
  for (const text of yaml.split('\n')) {
    const value = /^\s*[\w-]+:[ \t]+"/.exec(text);
    if (value && (text.match(/(?<!\\)"/g) ?? []).length % 2 === 1) return start + value[0].length - 1;
    start += text.length + 1;
  }
  return undefined;
}

/** The line of the YAML that holds an offset, and where it starts. */
function lineAt(yaml: string, at: number): { text: string; start: number } {
  const start = yaml.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
  const end = yaml.indexOf('\n', start);
  return { text: yaml.slice(start, end < 0 ? yaml.length : end), start };
}
