// <letter-editor>: a mobiledoc-kit rich-text editor with a small formatting toolbar.
// Set the `mobiledoc` property before inserting it; call `serialize()` to read the document back.
import { Editor } from 'mobiledoc-kit';
import 'mobiledoc-kit/style.css';
import { emit } from '../api.js';

class LetterEditor extends HTMLElement {
  set mobiledoc(v) { this._doc = v; }
  get mobiledoc() { return this._doc; }

  connectedCallback() {
    if (this._editor) return;
    this.innerHTML = `
      <div class="rte-toolbar" role="toolbar" aria-label="Formatting">
        <button type="button" data-cmd="strong" aria-pressed="false" title="Bold (Ctrl+B)"><b>B</b><span class="sr-only"> Bold</span></button>
        <button type="button" data-cmd="em" aria-pressed="false" title="Italic (Ctrl+I)"><i>I</i><span class="sr-only"> Italic</span></button>
        <button type="button" data-cmd="link" aria-pressed="false" title="Link (Ctrl+K)">Link</button>
        <button type="button" data-cmd="unlink" title="Remove link">Remove link</button>
        <span class="rte-sep" aria-hidden="true"></span>
        <button type="button" data-cmd="h2" aria-pressed="false" title="Heading">Heading</button>
        <button type="button" data-cmd="p" aria-pressed="false" title="Paragraph">Paragraph</button>
      </div>
      <form class="rte-linkform" hidden>
        <label>Link address <input type="url" name="href" placeholder="https://" required></label>
        <button type="submit" class="btn btn-primary btn-sm">Apply link</button>
        <button type="button" class="btn btn-sm" data-cancel>Cancel</button>
        <span class="rte-linkform-msg" role="alert"></span>
      </form>
      <div class="rte-surface" role="textbox" aria-multiline="true" aria-label="Letter text"></div>`;
    const surface = this.querySelector('.rte-surface');
    const editor = new Editor({ mobiledoc: this.mobiledoc, placeholder: 'Write the letter…', spellcheck: true, undoDepth: 20 });
    this._editor = editor;
    editor.render(surface);

    const buttons = [...this.querySelectorAll('.rte-toolbar button')];
    const linkForm = this.querySelector('.rte-linkform');
    const linkInput = linkForm.querySelector('input');
    const linkMsg = linkForm.querySelector('.rte-linkform-msg');
    let linkRange = null;

    const refresh = () => {
      const active = new Set(editor.activeMarkups.map((m) => m.tagName));
      const sections = new Set(editor.activeSections.map((s) => s.tagName));
      for (const b of buttons) {
        const c = b.dataset.cmd;
        if (c === 'strong' || c === 'em') b.setAttribute('aria-pressed', String(active.has(c) || active.has(c === 'strong' ? 'b' : 'i')));
        if (c === 'link') b.setAttribute('aria-pressed', String(active.has('a')));
        if (c === 'h2' || c === 'p') b.setAttribute('aria-pressed', String(sections.has(c) && sections.size === 1));
      }
    };
    editor.inputModeDidChange(refresh);
    editor.cursorDidChange(refresh);
    editor.postDidChange(() => emit(this, 'dirtychange', { dirty: true }));

    const openLinkForm = () => {
      const range = editor.range;
      if (!range || range.isCollapsed) {
        linkForm.hidden = false; linkInput.value = ''; linkRange = null;
        linkMsg.textContent = 'Select the words you want to link first.';
        return;
      }
      linkRange = range;
      const existing = editor.detectMarkupInRange(range, 'a');
      linkForm.hidden = false;
      linkMsg.textContent = '';
      linkInput.value = existing ? existing.getAttribute('href') : '';
      linkInput.focus();
    };
    const closeLinkForm = () => { linkForm.hidden = true; linkMsg.textContent = ''; linkRange = null; };

    linkForm.addEventListener('submit', (ev) => {
      ev.preventDefault();
      if (!linkRange) { linkMsg.textContent = 'Select the words you want to link first.'; return; }
      const href = linkInput.value.trim();
      if (!href) { linkMsg.textContent = 'Enter a link address.'; return; }
      const range = linkRange;
      editor.run((pe) => {
        pe.removeMarkupFromRange(range, (m) => m.tagName === 'a');
        pe.addMarkupToRange(range, pe.builder.createMarkup('a', { href }));
      });
      closeLinkForm();
      editor.selectRange(range);
    });
    linkForm.querySelector('[data-cancel]').addEventListener('click', () => { closeLinkForm(); editor.selectRange(editor.range); });

    // keep the selection in the text when toolbar buttons are pressed
    this.querySelector('.rte-toolbar').addEventListener('mousedown', (ev) => { if (ev.target.closest('button')) ev.preventDefault(); });
    this.querySelector('.rte-toolbar').addEventListener('click', (ev) => {
      const b = ev.target.closest('button');
      if (!b) return;
      const cmd = b.dataset.cmd;
      if (cmd === 'strong' || cmd === 'em') editor.toggleMarkup(cmd);
      else if (cmd === 'link') openLinkForm();
      else if (cmd === 'unlink') {
        const range = editor.range;
        if (range && !range.isCollapsed) editor.run((pe) => pe.removeMarkupFromRange(range, (m) => m.tagName === 'a'));
      } else if (cmd === 'h2' || cmd === 'p') editor.run((pe) => pe.toggleSection(cmd));
      refresh();
    });
    editor.registerKeyCommand({ str: 'META+K', run: () => openLinkForm() });
    editor.registerKeyCommand({ str: 'CTRL+K', run: () => openLinkForm() });
  }

  serialize() { return this._editor ? this._editor.serialize('0.3.2') : null; }

  disconnectedCallback() {
    if (this._editor) { this._editor.destroy(); this._editor = null; this.innerHTML = ''; }
  }
}

customElements.define('letter-editor', LetterEditor);
