// Regenerates the two look-alike weighbridge sheets in files/.
import fs from 'node:fs';
import { weighbridgeCsv, UPLOAD_EXPECT, UPLOAD_DECOY } from '../data.mjs';
fs.mkdirSync(new URL('../files/', import.meta.url), { recursive: true });
fs.writeFileSync(new URL('../files/' + UPLOAD_EXPECT.filename, import.meta.url), weighbridgeCsv(UPLOAD_EXPECT.date, UPLOAD_EXPECT.rows, 261012));
fs.writeFileSync(new URL('../files/' + UPLOAD_DECOY.filename, import.meta.url), weighbridgeCsv(UPLOAD_DECOY.date, UPLOAD_DECOY.rows, 251012));
console.log('files written');
