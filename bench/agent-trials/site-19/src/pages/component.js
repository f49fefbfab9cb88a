import ko from 'knockout';
// Register a page component whose view model gets its root element.
export function page(name, template, VM) {
  ko.components.register(name, {
    template,
    synchronous: true,
    viewModel: { createViewModel: (params, info) => new VM(params, info.element) },
  });
}
