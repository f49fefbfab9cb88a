import { createElement } from 'lwc';
import App from 'x/app';
const el = createElement('x-app', { is: App });
document.getElementById('root').appendChild(el);
