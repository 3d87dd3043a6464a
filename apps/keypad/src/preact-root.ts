// React's `createRoot` for the custom element's build, on Preact's own `render`: with the hooks
// from 'preact/hooks' the element needs none of Preact's React compatibility layer
// (docs/decisions/008). tsup's alias puts this module where 'react-dom/client' is imported.
import { type ComponentChild, render } from 'preact';

export function createRoot(container: Element) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
