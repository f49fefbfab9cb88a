// Qwik's event loader is normally inlined by SSR; in this client-rendered build we start it ourselves.
import qwikloader from '@builder.io/qwik/qwikloader.js?raw';
import { render } from '@builder.io/qwik';
import { App } from './app';
import './style.css';

new Function(qwikloader)();
render(document.getElementById('app')!, <App />);
