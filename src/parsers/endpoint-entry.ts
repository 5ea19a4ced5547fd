/** How a string in a `pages` array (or an MDX `openapi:` value) is read: a page path or an endpoint. */

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;

export interface EndpointRef {
  /** Spec named in the entry itself (`specs/admin.json POST /users`), as written. */
  spec?: string;
  /** Method as written (may be lower case: the platform accepts it in frontmatter). */
  methodWritten?: string;
  /** Upper-cased method; undefined for webhooks. */
  method?: string;
  path?: string;
  webhook?: string;
}

const methodPattern = new RegExp(`^(?:(\\S+)\\s+)?(${httpMethods.join('|')})\\s+(/\\S*)$`, 'i');
const webhookPattern = /^(?:(\S+)\s+)?webhook\s+(\S+)$/i;

/** An endpoint entry (`GET /users/{id}`, `spec.yaml GET /users`, `webhook order.created`), or undefined for a page path. */
export function parseEndpoint(text: string): EndpointRef | undefined {
  // Every endpoint entry has a space between its parts; page paths (most entries) skip the regexes.
  if (!text.includes(' ')) return undefined;
  const value = text.trim();
  const call = methodPattern.exec(value);
  if (call) return { spec: call[1], methodWritten: call[2], method: call[2].toUpperCase(), path: call[3] };
  const hook = webhookPattern.exec(value);
  if (hook) return { spec: hook[1], webhook: hook[2] };
  return undefined;
}

export function formatEndpoint(ref: EndpointRef): string {
  const head = ref.spec ? `${ref.spec} ` : '';
  return ref.webhook !== undefined ? `${head}webhook ${ref.webhook}` : `${head}${ref.method} ${ref.path}`;
}
