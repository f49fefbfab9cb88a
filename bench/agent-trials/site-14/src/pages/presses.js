import AWNmod from 'awesome-notifications';
import 'awesome-notifications/dist/style.css';

const AWN = AWNmod.default || AWNmod;
let notifier;

class PagePresses extends HTMLElement {
  async connectedCallback() {
    notifier = notifier || new AWN({ position: 'bottom-right', durations: { global: 2000 }, icons: { enabled: false }, labels: { success: 'Test sheet', alert: 'Press error' } });
    this.innerHTML = `<h1>Presses</h1><p class="sub">Run a test sheet before a press check. The workshop gets the job code for the sheet.</p><div class="press-list" id="list"></div>`;
    const presses = await fetch('/api/presses').then((r) => r.json());
    const list = this.querySelector('#list');
    list.innerHTML = presses.map((p) => `<div class="card press"><div><b>${p.name}</b><br><small>${p.kind} · ${p.bay}</small></div>
      <button class="btn" data-id="${p.id}">Run test sheet</button></div>`).join('');
    list.addEventListener('click', async (e) => {
      const btn = e.target.closest('button[data-id]'); if (!btn) return;
      btn.disabled = true;
      const res = await fetch(`/api/presses/${btn.dataset.id}/test`, { method: 'POST' });
      const out = await res.json();
      btn.disabled = false;
      const name = presses.find((p) => p.id === btn.dataset.id).name;
      if (res.ok) notifier.success(`Test sheet queued on ${name}. Job code ${out.code}`);
      else notifier.alert(out.error || 'Could not queue test sheet');
    });
  }
}
customElements.define('page-presses', PagePresses);
