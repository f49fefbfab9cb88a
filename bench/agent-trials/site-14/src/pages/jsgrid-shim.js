// jsGrid 1.5.3 assigns an undeclared 'args' in renderTemplate, which throws in strict (ES module) code.
// Declaring the global once lets the library's own code run unchanged.
window.args = undefined;
