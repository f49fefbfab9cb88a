import { shortDate, money } from './format.js';

// Column set for the moves register. Only "Status" (dropdown) and
// "Access notes" (free text) are editable in the grid.
export function movesColumns(statuses) {
  const ro = { editable: false };
  return [
    { id: 'ref', width: 118, header: [{ text: 'Move ref' }, { content: 'inputFilter' }], ...ro },
    { id: 'surname', width: 150, header: [{ text: 'Surname' }, { content: 'inputFilter' }], ...ro },
    { id: 'firstName', width: 120, header: [{ text: 'First name' }, { content: 'inputFilter' }], ...ro },
    { id: 'fromTown', width: 150, header: [{ text: 'Moving from' }, { content: 'inputFilter' }], ...ro },
    { id: 'fromPostcode', width: 120, header: [{ text: 'From postcode' }, { text: '' }], ...ro },
    { id: 'toTown', width: 150, header: [{ text: 'Moving to' }, { content: 'inputFilter' }], ...ro },
    { id: 'toPostcode', width: 120, header: [{ text: 'To postcode' }, { text: '' }], ...ro },
    { id: 'moveDate', width: 140, header: [{ text: 'Move date' }, { text: '' }], template: (v) => shortDate(v), ...ro },
    { id: 'branch', width: 120, header: [{ text: 'Branch' }, { content: 'selectFilter' }], ...ro },
    { id: 'status', width: 140, header: [{ text: 'Status ✎' }, { content: 'selectFilter' }], editorType: 'select', options: statuses, editable: true },
    { id: 'crewLead', width: 150, header: [{ text: 'Crew lead' }, { text: '' }], ...ro },
    { id: 'vehicle', width: 100, header: [{ text: 'Vehicle' }, { text: '' }], ...ro },
    { id: 'bedrooms', width: 100, header: [{ text: 'Bedrooms' }, { text: '' }], type: 'number', ...ro },
    { id: 'volume', width: 120, header: [{ text: 'Volume (cu ft)' }, { text: '' }], type: 'number', ...ro },
    { id: 'packing', width: 110, header: [{ text: 'Packing' }, { text: '' }], ...ro },
    { id: 'accessNotes', width: 260, header: [{ text: 'Access notes ✎' }, { text: '' }], editorType: 'input', editable: true },
    { id: 'storageWeeks', width: 120, header: [{ text: 'Storage (wks)' }, { text: '' }], type: 'number', ...ro },
    { id: 'quote', width: 110, header: [{ text: 'Quote' }, { text: '' }], template: (v) => money(v), ...ro },
    { id: 'deposit', width: 110, header: [{ text: 'Deposit paid' }, { text: '' }], template: (v) => money(v), ...ro },
    { id: 'source', width: 150, header: [{ text: 'Lead source' }, { text: '' }], ...ro },
    { id: 'cover', width: 120, header: [{ text: 'Cover level' }, { text: '' }], ...ro },
    { id: 'surveyor', width: 140, header: [{ text: 'Surveyor' }, { text: '' }], ...ro },
    { id: 'insurancePolicy', width: 130, header: [{ text: 'Policy no.' }, { text: '' }], ...ro },
    { id: 'invoiceNo', width: 120, header: [{ text: 'Invoice no.' }, { text: '' }], ...ro },
    { id: 'gitCert', width: 170, header: [{ text: 'Goods-in-transit cert' }, { text: '' }], ...ro },
  ];
}
