import './styles.css';
import App from './components/app-shell.marko';
App.renderSync({}).appendTo(document.getElementById('app'));
