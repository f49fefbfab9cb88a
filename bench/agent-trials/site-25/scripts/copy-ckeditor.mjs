// CKEditor 4 loads its plugins, skins and language files at run time, so ship its folder next to the app.
import fs from 'node:fs';
fs.cpSync('node_modules/ckeditor4', 'dist/vendor/ckeditor4', { recursive: true, filter: (p) => !/samples|\.md$|bower\.json|composer\.json/.test(p) });
console.log('copied ckeditor4 to dist/vendor/ckeditor4');
