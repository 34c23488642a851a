/** `npm run client:generate`: writes the typed client's generated files (scripts/lib/client-generated.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { renderClientGenerated } from './lib/client-generated';

for (const [file, text] of Object.entries(await renderClientGenerated())) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`Wrote ${file}`);
}
