import { describe, expect, it } from 'vitest';
import { type ExpectedFinding, type InvalidCase, verifyInvalid } from './rule-tester';
import { docsWith, page } from './sites';

/** An `expanded` that --fix removes: one finding with a fix. */
const fixed: InvalidCase = {
  name: 'expanded on a top-level group',
  docs: docsWith(`{ "groups": [{ "group": "A", "expanded": true, "pages": ["a"] }] }`),
  errors: [],
  output: docsWith(`{ "groups": [{ "group": "A", "pages": ["a"] }] }`),
};
const place = { severity: 'warn', line: 2, column: 46, endLine: 2, endColumn: 62 } as const;
const withError = (error: Partial<ExpectedFinding>, rest: Partial<InvalidCase> = {}): InvalidCase => ({
  ...fixed,
  ...rest,
  errors: [{ ...place, ...error } as ExpectedFinding],
});

describe('the rule tester', () => {
  it('takes a finding by its whole message, by its messageId, or by its messageId and data', () => {
    verifyInvalid(
      'expanded-top-level',
      withError({
        message: '"expanded" has no effect on top-level group "A": top-level groups are always expanded',
      }),
    );
    verifyInvalid('expanded-top-level', withError({ messageId: 'noEffect' }));
    verifyInvalid('expanded-top-level', withError({ messageId: 'noEffect', data: { group: 'group "A"' } }));
  });

  it('fails on another messageId, other data, an id the rule does not have, or both message and messageId', () => {
    expect(() => verifyInvalid('expanded-top-level', withError({ messageId: 'other' }))).toThrow(
      `names messageId "other", which expanded-top-level's meta.messages does not have`,
    );
    expect(() =>
      verifyInvalid('expanded-top-level', withError({ messageId: 'noEffect', data: { group: 'group "B"' } })),
    ).toThrow();
    expect(() =>
      verifyInvalid('expanded-top-level', withError({ messageId: 'noEffect', data: { other: 'x' } })),
    ).toThrow();
    expect(() =>
      verifyInvalid('expanded-top-level', withError({ messageId: 'noEffect', message: 'x' } as ExpectedFinding)),
    ).toThrow('gives either message or messageId, not both');
  });

  it('fails a case that leaves out the output of a fix, or a suggestion', () => {
    expect(() =>
      verifyInvalid('expanded-top-level', withError({ messageId: 'noEffect' }, { output: undefined })),
    ).toThrow('the rule fixes: the case must state the output');
    const nearMiss: InvalidCase = {
      name: 'a near miss',
      files: { 'docs.json': docsWith('{ "pages": ["b"] }'), 'a.mdx': page() },
      errors: [{ severity: 'error', line: 2, column: 29, endLine: 2, endColumn: 32, messageId: 'pageMissing' }],
    };
    expect(() => verifyInvalid('page-exists', nearMiss)).toThrow();
    verifyInvalid('page-exists', {
      ...nearMiss,
      errors: [
        {
          ...nearMiss.errors[0],
          suggestions: [{ desc: 'Use "a"', output: docsWith('{ "pages": ["a"] }') }],
        },
      ],
    });
  });
});
