import { jsYaml } from '../common/lazy';

/** Why a data file does not parse, and where (an offset in its text). */
export interface DataSyntaxError {
  reason: string;
  offset: number;
}

/**
 * Whether a .json, .yaml or .yml file parses as the platform reads every one of them: with js-yaml
 * 4's `load`, JSON files included (YAML's flow style is a superset of JSON, but a repeated key is an
 * error there). Undefined when it does.
 */
export function dataSyntaxError(text: string): DataSyntaxError | undefined {
  try {
    jsYaml().load(text);
    return undefined;
  } catch (error) {
    const { reason, mark, message } = error as { reason?: string; mark?: { position?: number }; message?: string };
    // js-yaml counts from after a byte order mark, which it drops.
    const skipped = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const offset = Math.min(text.length, (typeof mark?.position === 'number' ? mark.position : 0) + skipped);
    return { reason: reason ?? message ?? String(error), offset };
  }
}
