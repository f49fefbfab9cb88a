// Regenerates files/ (the upload look-alikes) from data.mjs. The output is committed.
import { writeFileSync, mkdirSync } from 'node:fs';
import { certificateCsv, CERT_COUNT_2025, CERT_COUNT_2024 } from '../data.mjs';
const dir = new URL('../files/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('crew-certificates-2025.csv', dir), certificateCsv(2025, CERT_COUNT_2025));
writeFileSync(new URL('crew-certificates-2024.csv', dir), certificateCsv(2024, CERT_COUNT_2024));
console.log('wrote files/');
