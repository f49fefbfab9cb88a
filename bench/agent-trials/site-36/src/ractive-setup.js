import Ractive from 'ractive';
// Keep the console quiet in the shipped app.
Ractive.DEBUG = false;
Ractive.DEBUG_PROMISES = false;
export default Ractive;
