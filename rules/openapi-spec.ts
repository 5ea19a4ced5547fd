import { didYouMeanAt, type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';
import { overlayTarget } from '../src/parsers/data-file';

export const meta = {
  id: 'openapi-spec',
  description:
    "a spec file (any .json, .yaml or .yml with an `openapi` key) that the platform's validation refuses: external `$ref`s, a version it does not read, what the OpenAPI schema forbids, a `$ref` that resolves to nothing",
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    externalRef:
      'external $ref "{{ref}}" (at {{path}}): the platform refuses a spec with a $ref to another file or a URL, so `mint validate` fails',
    version:
      'the platform reads every file with a top-level "openapi" key as a spec, and refuses this one ("{{problem}}"), so `mint validate` fails: a spec\'s "openapi" is "3.0.x" or "3.1.x"',
    // The validation words the mistake (src/parsers/openapi-validation.ts): `"paths./users.get.responses.200" misses the required "description"`.
    refused: "{{problem}}{{hint}} (the platform's validation refuses the spec: `mint validate` fails)",
    // A spec navlint does not validate (an alias bomb), in the words of src/parsers/data-file.ts.
    notValidated: '{{problem}}{{hint}}',
  },
  readsSiteFiles: true,
} satisfies RuleMeta;

export function check({ model, site, report, checks, didYouMean }: RuleContext<typeof meta>): void {
  // Overlays listed in docs.json replace the ones found by their `extends`: not read here, so no spec is judged.
  if (/"overlays"\s*:/.test(model.docsFile.text)) return;
  const files = site.dataFiles();
  // The specs a valid Overlay applies to: the platform validates them as the Overlay leaves them.
  const overlaid = new Set(
    files.flatMap((file) => {
      const { overlayExtends } = site.dataFacts(file);
      return overlayExtends ? [overlayTarget(file, overlayExtends)] : [];
    }),
  );
  for (const file of files) {
    if (!checks(file) || overlaid.has(file)) continue;
    const { externalRefs = [], version, problems = [] } = site.dataFacts(file);
    // The platform stops at the first refusal: external references, then the version.
    for (const ref of externalRefs) {
      const span = { file: site.sourceFile(file), offset: ref.offset, length: ref.value.length };
      report({
        span,
        messageId: 'externalRef',
        data: { ref: ref.value, path: ref.path },
      });
    }
    if (externalRefs.length > 0) continue;
    if (version) {
      const span = { file: site.sourceFile(file), ...version };
      report({
        span,
        messageId: 'version',
        data: { problem: version.problem },
      });
    }
    for (const { offset, length, message, allowed, wantsString, unvalidated } of problems) {
      const source = site.sourceFile(file);
      const span = { file: source, offset, length };
      const written = source.text.slice(offset, offset + length);
      const { hint, suggestions } = didYouMeanAt(
        span,
        allowed && didYouMean(written.replace(/^(["'])(.*)\1$/s, '$2'), allowed),
      );
      // `version: 1.0`, `version: 2024-01-01`: YAML reads a number or a date; quoted, it is the string the writer meant.
      const quote =
        wantsString && /^[^"'{[\n]+$/.test(written)
          ? [{ desc: `Write it as the string "${written}"`, fix: replaceSpan(span, JSON.stringify(written)) }]
          : undefined;
      report({
        span,
        messageId: unvalidated ? 'notValidated' : 'refused',
        data: { problem: message, hint },
        suggestions: suggestions ?? quote,
      });
    }
  }
}
