import Ractive from 'ractive';
import { Editor, CommandBar } from 'tiny-markdown-editor';
import 'tiny-markdown-editor/dist/tiny-mde.min.css';
import { api, get, fmtDate } from '../api.js';

export default Ractive.extend({
  data: () => ({ notices: [], current: null, saving: false, message: '', error: '', fmtDate }),
  template: `
    <section class="page notices-page">
      <h1>Notices</h1>
      <p class="lede">Notices go out to members by email and are pinned in the honey house.</p>
      <div class="two-col">
        <div class="notice-list">
          {{#each notices}}
            <button type="button" class="notice-item {{#if ~/current && ~/current.id === .id}}selected{{/if}}" on-click="@this.open(.id)">
              <strong>{{.title}}</strong>
              <span class="muted">{{.audience}} · {{.status}} · updated {{fmtDate(.updated)}}</span>
            </button>
          {{/each}}
        </div>
        <div class="notice-editor">
          {{#if current}}
            <h2>{{current.title}}</h2>
            <p class="muted">{{current.audience}} · {{current.status}} · last updated {{fmtDate(current.updated)}}</p>
          {{else}}
            <p class="muted">Choose a notice on the left to edit it.</p>
          {{/if}}
          <div class="mde-wrap" style="{{#unless current}}display:none{{/unless}}">
            <div id="mde-toolbar"></div>
            <div id="mde-editor"></div>
          </div>
          {{#if current}}
            <div class="toolbar">
              <button type="button" class="btn btn-go" on-click="@this.save()" disabled="{{saving}}">{{#if saving}}Saving…{{else}}Save notice{{/if}}</button>
              {{#if message}}<span class="flash">{{message}}</span>{{/if}}
              {{#if error}}<span class="error">{{error}}</span>{{/if}}
            </div>
          {{/if}}
        </div>
      </div>
    </section>
  `,
  oninit() {
    get('/api/notices').then((n) => this.set('notices', n)).catch((e) => this.set('error', e.message));
  },
  async open(id) {
    this.set({ message: '', error: '' });
    const n = await get(`/api/notices/${id}`);
    if (this.torndown) return;
    await this.set('current', n);
    const host = this.find('#mde-editor');
    const bar = this.find('#mde-toolbar');
    this.destroyEditor();
    host.innerHTML = '';
    bar.innerHTML = '';
    this.editor = new Editor({ element: host, content: n.content });
    this.commandBar = new CommandBar({ element: bar, editor: this.editor });
  },
  async save() {
    const cur = this.get('current');
    if (!cur || !this.editor) return;
    this.set({ saving: true, message: '', error: '' });
    try {
      const r = await api('PUT', `/api/notices/${cur.id}`, { content: this.editor.getContent() });
      this.set('current.updated', r.notice.updated);
      const list = this.get('notices').map((x) => (x.id === cur.id ? { ...x, updated: r.notice.updated } : x));
      this.set({ notices: list, message: 'Notice saved.' });
    } catch (e) {
      this.set('error', e.message);
    } finally {
      this.set('saving', false);
    }
  },
  destroyEditor() {
    if (this.commandBar && this.commandBar.destroy) this.commandBar.destroy();
    if (this.editor && this.editor.destroy) this.editor.destroy();
    this.commandBar = null;
    this.editor = null;
  },
  onteardown() {
    this.torndown = true;
    this.destroyEditor();
  },
});
