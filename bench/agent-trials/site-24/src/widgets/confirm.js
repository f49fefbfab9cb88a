// confirmDialog(): a promise-based confirmation dialog built on picomodal.
import picoModal from 'picomodal';

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
let n = 0;

export function confirmDialog({ title, message, confirmLabel = 'Confirm', cancelLabel = 'Cancel', danger = false }) {
  const id = `confirm-${++n}`;
  return new Promise((resolve) => {
    let result = false;
    picoModal({
      content: `<h2 id="${id}-title" class="dialog-title">${esc(title)}</h2>
        <p id="${id}-desc">${esc(message)}</p>
        <div class="dialog-actions">
          <button type="button" class="btn" data-act="cancel">${esc(cancelLabel)}</button>
          <button type="button" class="btn ${danger ? 'btn-danger' : 'btn-primary'}" data-act="ok">${esc(confirmLabel)}</button>
        </div>`,
      closeButton: false,
      overlayClose: true,
      modalClass: 'dialog',
      overlayClass: 'dialog-overlay',
      ariaLabelledBy: `${id}-title`,
      ariaDescribedBy: `${id}-desc`,
      width: 440,
      modalStyles: {},
      overlayStyles: {},
    })
      .afterCreate((modal) => {
        const el = modal.modalElem();
        el.setAttribute('aria-modal', 'true');
        el.setAttribute('role', 'alertdialog');
        el.querySelector('[data-act="cancel"]').addEventListener('click', () => modal.close());
        el.querySelector('[data-act="ok"]').addEventListener('click', (ev) => { ev.currentTarget.disabled = true; result = true; modal.close(); });
      })
      .afterShow((modal) => modal.modalElem().querySelector('[data-act="cancel"]').focus())
      .afterClose((modal) => { modal.destroy(); resolve(result); })
      .show();
  });
}
