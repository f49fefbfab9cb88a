(function () {
  const links = [['/', 'Home'], ['/orders', 'Orders'], ['/depots', 'Depots'], ['/config', 'Config'], ['/invoices', 'Invoices'], ['/imports', 'Imports'], ['/users', 'Users'], ['/reports', 'Reports']];
  const h = document.createElement('header');
  h.innerHTML = '<span class="brand">Northwind Ops Console</span><nav>' +
    links.map(([href, t]) => `<a href="${href}"${location.pathname === href ? ' class="active"' : ''}>${t}</a>`).join('') + '</nav>';
  document.body.prepend(h);
})();
