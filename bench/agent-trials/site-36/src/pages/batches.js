import Ractive from 'ractive';
import { gsap } from 'gsap';
import { Draggable } from 'gsap/Draggable';
import butterupModule from 'butteruptoasts';
import 'butteruptoasts/src/butterup.css';
import { api, get } from '../api.js';

gsap.registerPlugin(Draggable);
const butterup = butterupModule && butterupModule.toast ? butterupModule : butterupModule.default;
butterup.options.toastLife = 2000; // toasts fade out after about two seconds
butterup.options.maxToasts = 3;

export default Ractive.extend({
  data: () => ({
    columns: [], batches: [], loading: true, error: '', busy: false,
    countIn: (batches, colId) => batches.filter((b) => b.column === colId).length,
  }),
  template: `
    <section class="page batches-page">
      <h1>Honey batches</h1>
      <p class="lede">Where each batch is between the supers coming in and jars on the shelf. Drag a card when a batch moves on.</p>
      {{#if error}}<p class="error">{{error}}</p>{{/if}}
      {{#if loading}}<p class="muted">Loading batches…</p>{{/if}}
      <div class="board">
        {{#each columns as col}}
          <div class="board-col" data-col="{{col.id}}">
            <h2>{{col.title}} <span class="count">{{countIn(batches, col.id)}}</span></h2>
            <div class="board-cards">
              {{#each batches}}
                {{#if .column === col.id}}
                  <div class="batch-card {{#if .pending}}pending{{/if}}" as-draggable=".id">
                    <div class="batch-code">{{.id}}</div>
                    <div class="batch-honey">{{.honey}}</div>
                    <div class="batch-meta">{{.apiary}} · {{.frames}} frames · {{#if .kg}}{{.kg}} kg{{else}}not weighed{{/if}}</div>
                  </div>
                {{/if}}
              {{/each}}
            </div>
          </div>
        {{/each}}
      </div>
    </section>
  `,
  decorators: {
    draggable(node, id) {
      const page = this;
      const [drag] = Draggable.create(node, {
        type: 'x,y',
        zIndexBoost: true,
        onPress() { node.classList.add('lifted'); },
        onRelease() { node.classList.remove('lifted'); },
        onDragEnd() { page.dropped(this, node, id); },
      });
      return { teardown() { drag.kill(); } };
    },
  },
  oninit() {
    get('/api/batches')
      .then((d) => this.set({ columns: d.columns, batches: d.batches, loading: false }))
      .catch((e) => this.set({ error: e.message, loading: false }));
  },
  async dropped(drag, node, id) {
    const cols = Array.from(this.findAll('.board-col'));
    const target = cols.find((c) => drag.hitTest(c, '50%'));
    const idx = this.get('batches').findIndex((b) => b.id === id);
    const batch = this.get('batches')[idx];
    if (!target || target.dataset.col === batch.column || this.get('busy')) {
      gsap.to(node, { x: 0, y: 0, duration: 0.25 });
      return;
    }
    const to = target.dataset.col;
    const from = batch.column;
    const colTitle = this.get('columns').find((c) => c.id === to).title;
    this.set('busy', true);
    await this.set(`batches.${idx}.column`, to);
    this.set(`batches.${idx}.pending`, true);
    try {
      const r = await api('POST', `/api/batches/${encodeURIComponent(id)}/move`, { to });
      butterup.toast({
        title: `${id} moved to ${colTitle}`,
        message: `Reference ${r.ref}`,
        location: 'bottom-right',
        icon: true,
        type: 'success',
      });
    } catch (e) {
      this.set(`batches.${idx}.column`, from);
      butterup.toast({ title: 'Could not move the batch', message: e.message, location: 'bottom-right', icon: true, type: 'error' });
    } finally {
      this.set(`batches.${idx}.pending`, false);
      this.set('busy', false);
    }
  },
});
