// The keypad as a custom element for any web page, its renderer bundled in (Preact's React-
// compatible layer, aliased at build time: docs/decisions/008):
//   <script type="module" src="https://your-omega/keypad/omega-keypad.js"></script>
//   <omega-keypad api-base="https://your-omega"></omega-keypad>
// or `mount(element, { apiBase })` from script. Styles live in the element's shadow root, so
// the host page's CSS neither leaks in nor gets changed.
import { createRoot, type Root } from 'react-dom/client';
import styles from './keypad.css';
import { KeypadSimulator } from './keypad-simulator.js';

export interface MountOptions {
  apiBase?: string;
}

/** Renders the keypad into `target` (inside a shadow root); answers a function that removes it. */
export function mount(target: Element, options: MountOptions = {}): () => void {
  const shadow = target.shadowRoot ?? target.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = styles;
  const container = document.createElement('div');
  shadow.replaceChildren(style, container);
  const root: Root = createRoot(container);
  root.render(<KeypadSimulator apiBase={options.apiBase ?? ''} />);
  return () => root.unmount();
}

class OmegaKeypadElement extends HTMLElement {
  static observedAttributes = ['api-base'];
  private unmount: (() => void) | undefined;

  connectedCallback() {
    this.render();
  }

  disconnectedCallback() {
    this.unmount?.();
    this.unmount = undefined;
  }

  attributeChangedCallback() {
    if (this.isConnected) this.render();
  }

  private render() {
    this.unmount?.();
    this.unmount = mount(this, { apiBase: this.getAttribute('api-base') ?? '' });
  }
}

if (!customElements.get('omega-keypad')) customElements.define('omega-keypad', OmegaKeypadElement);
