/** `npm run docs:config`: writes docs/configuration.md from the configuration schema (scripts/lib/configuration-doc.ts). */
import fs from 'node:fs';
import { CONFIGURATION_DOC_PATH, renderConfigurationDoc } from './lib/configuration-doc';

fs.writeFileSync(CONFIGURATION_DOC_PATH, renderConfigurationDoc());
console.log(`Wrote ${CONFIGURATION_DOC_PATH}`);
