import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { action } from '@ember/object';
import { on } from '@ember/modifier';
import { modifier } from 'ember-modifier';
import { Crepe } from '@milkdown/crepe';
import '@milkdown/crepe/theme/common/style.css';
import '@milkdown/crepe/theme/frame.css';
import { api } from '../utils/api';

export default class LoadingNoticeEditor extends Component {
  @tracked markdown = null;
  @tracked ready = false;
  @tracked dirty = false;
  @tracked saving = false;
  @tracked message = '';
  @tracked savedAt = null;
  crepe = null;

  constructor() {
    super(...arguments);
    this.load();
  }

  async load() {
    const data = await api('GET', '/api/notices/loading-bay');
    this.savedAt = data.savedAt;
    this.markdown = data.markdown;
  }

  setupEditor = modifier((el) => {
    const crepe = new Crepe({
      root: el,
      defaultValue: this.markdown,
      features: {
        [Crepe.Feature.CodeMirror]: false,
        [Crepe.Feature.Latex]: false,
        [Crepe.Feature.ImageBlock]: false,
        [Crepe.Feature.Table]: false,
      },
      featureConfigs: {
        [Crepe.Feature.Placeholder]: { text: 'Write the notice…' },
      },
    });
    crepe.on((listener) => {
      listener.markdownUpdated((_ctx, md, prev) => {
        if (md !== prev && this.ready) {
          this.dirty = true;
          this.message = '';
        }
      });
    });
    crepe.create().then(() => {
      this.ready = true;
    });
    this.crepe = crepe;
    return () => {
      crepe.destroy();
      this.crepe = null;
    };
  });

  @action async save() {
    if (!this.crepe || this.saving) return;
    this.saving = true;
    try {
      const data = await api('PUT', '/api/notices/loading-bay', { markdown: this.crepe.getMarkdown() });
      this.savedAt = data.savedAt;
      this.dirty = false;
      this.message = 'Notice saved.';
    } catch (e) {
      this.message = `Could not save: ${e.message}`;
    } finally {
      this.saving = false;
    }
  }

  get status() {
    if (this.message) return this.message;
    if (this.dirty) return 'Unsaved changes';
    return this.savedAt ? 'All changes saved' : 'Published version (not edited yet)';
  }

  <template>
    <div class="editor-toolbar">
      <span class="hint">Select text to format it or add a link.</span>
      <span class="spacer"></span>
      <span class="save-msg" role="status">{{this.status}}</span>
      <button type="button" class="btn primary" disabled={{this.saving}} {{on "click" this.save}}>{{if this.saving "Saving…" "Save notice"}}</button>
    </div>
    {{#if this.markdown}}
      <div class="notice-editor" {{this.setupEditor}}></div>
    {{else}}
      <p class="loading">Loading notice…</p>
    {{/if}}
  </template>
}
