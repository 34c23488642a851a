import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderClientGenerated } from '@/scripts/lib/client-generated';

const root = path.resolve(import.meta.dirname, '../..');

describe('lib/surfaces/client/generated (the client package, generated from the OpenAPI document)', () => {
  it('are what `npm run client:generate` writes from the OpenAPI document (run it after changing an operation)', async () => {
    for (const [file, text] of Object.entries(await renderClientGenerated())) {
      const committed = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : '';
      expect(committed, `${file} is stale: npm run client:generate`).toBe(text);
    }
  });
});
