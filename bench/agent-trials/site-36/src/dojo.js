// Loads the Dojo AMD loader (served locally from /vendor/) the way dgrid's
// documentation describes, then resolves AMD modules as a promise.
let loading = null;

function addCss(href) {
  if (document.querySelector(`link[data-amd-css="${href}"]`)) return;
  const l = document.createElement('link');
  l.rel = 'stylesheet';
  l.href = href;
  l.dataset.amdCss = href;
  document.head.appendChild(l);
}

export function loadDojo() {
  if (loading) return loading;
  addCss('/vendor/dijit/themes/claro/claro.css');
  addCss('/vendor/dgrid/css/dgrid.css');
  addCss('/vendor/dgrid/css/skins/claro.css');
  loading = new Promise((resolve, reject) => {
    window.dojoConfig = {
      async: true,
      baseUrl: '/vendor/',
      packages: [
        { name: 'dojo', location: 'dojo' },
        { name: 'dijit', location: 'dijit' },
        { name: 'dgrid', location: 'dgrid' },
        { name: 'dstore', location: 'dojo-dstore' },
      ],
    };
    const s = document.createElement('script');
    s.src = '/vendor/dojo/dojo.js';
    s.onload = () => resolve(window.require);
    s.onerror = () => reject(new Error('Could not load the grid library'));
    document.head.appendChild(s);
  });
  return loading;
}

export function amd(modules) {
  return loadDojo().then((req) => new Promise((resolve, reject) => {
    const h = req.on ? req.on('error', (e) => { h && h.remove(); reject(e); }) : null;
    req(modules, (...mods) => { h && h.remove(); resolve(mods); });
  }));
}
