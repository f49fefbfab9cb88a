import { Notyf } from 'notyf';
let n;
export function notyf() {
  if (!n) n = new Notyf({ duration: 2000, position: { x: 'right', y: 'top' }, dismissible: false });
  return n;
}
