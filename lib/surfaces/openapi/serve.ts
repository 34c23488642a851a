import { config } from '../../platform/config';
import { buildOpenApiDocument } from './document';

let cached: Record<string, unknown> | undefined;

/** Built once per process: the schemas do not change while it runs. */
export function openApiDocument(): Record<string, unknown> {
  return (cached ??= buildOpenApiDocument(config().API_BASE_URL));
}
