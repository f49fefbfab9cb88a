// Post-build step: copies index.html, the app stylesheet and the widget
// libraries' own stylesheets into dist/. Nothing is loaded from a CDN.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const out = (...p) => path.join(dist, ...p);
const nm = (...p) => path.join(root, 'node_modules', ...p);
fs.mkdirSync(out('assets', 'vendor'), { recursive: true });

fs.copyFileSync(path.join(root, 'index.html'), out('index.html'));
fs.copyFileSync(path.join(root, 'src', 'styles', 'app.css'), out('assets', 'app.css'));
fs.copyFileSync(path.join(root, 'src', 'styles', 'favicon.svg'), out('assets', 'favicon.svg'));

// GOV.UK Frontend: its typeface is only licensed for GOV.UK services, so the
// @font-face rules are dropped and the family swapped for the app's own stack.
let govuk = fs.readFileSync(nm('govuk-frontend', 'dist', 'govuk', 'govuk-frontend.min.css'), 'utf8');
govuk = govuk
  .replace(/@font-face\{[^}]*\}/g, '')
  .replace(/font-family:GDS Transport,arial,sans-serif/g, 'font-family:var(--app-font)')
  .replace(/font-family:GDS Transport/g, 'font-family:var(--app-font)')
  .replace(/url\(\/assets\/images\/govuk-crest\.svg\)/g, 'none')
  .replace(/\/\*# sourceMappingURL=.*?\*\//g, '');
fs.writeFileSync(out('assets', 'vendor', 'govuk-frontend.css'), govuk);

const strip = (css) => css.replace(/\/\*# sourceMappingURL=.*?\*\//g, '');
fs.writeFileSync(out('assets', 'vendor', 'bulma-calendar.css'), strip(fs.readFileSync(nm('bulma-calendar', 'dist', 'css', 'bulma-calendar.min.css'), 'utf8')));
fs.writeFileSync(out('assets', 'vendor', 'notific8.css'), strip(fs.readFileSync(nm('notific8', 'dist', 'notific8.css'), 'utf8')));
fs.writeFileSync(out('assets', 'vendor', 'typeahead-standalone.css'), strip(fs.readFileSync(nm('typeahead-standalone', 'dist', 'basic.css'), 'utf8')));

// active-table asks for the Inter web font; serve a local stand-in that maps
// the "Inter" family to the system UI font so no font is fetched from a CDN.
fs.writeFileSync(out('assets', 'vendor', 'active-table-font.css'),
  '/* Local stand-in for the Inter web font requested by active-table. */\n' +
  '@font-face{font-family:"Inter";font-weight:400;src:local("Inter"),local("Segoe UI"),local("Roboto"),local("DejaVu Sans"),local("Helvetica Neue"),local("Arial")}\n' +
  '@font-face{font-family:"Inter";font-weight:500;src:local("Inter Medium"),local("Segoe UI Semibold"),local("Roboto Medium"),local("DejaVu Sans"),local("Arial")}\n' +
  '@font-face{font-family:"Inter";font-weight:600;src:local("Inter SemiBold"),local("Segoe UI Semibold"),local("Roboto Medium"),local("DejaVu Sans Bold"),local("Arial Bold")}\n');

// Any url(...) left in vendor CSS must point at this server, never elsewhere.
for (const f of fs.readdirSync(out('assets', 'vendor'))) {
  const css = fs.readFileSync(out('assets', 'vendor', f), 'utf8');
  const ext = [...css.matchAll(/url\(\s*['"]?(https?:)?\/\//g)];
  if (ext.length) throw new Error(`${f} references an external URL`);
}
console.log('assets copied to dist/');
