// frappe-datatable imports sortablejs only for drag-to-reorder columns, which this app disables
// (disableReorderColumn: true). Stub it so that library is not bundled.
export default { create() { return { destroy() {} }; } };
