// axe on every screen and overlay in the light theme (accessibility.ts).
import { accessibilitySuite } from './accessibility.js';

accessibilitySuite('light');
