// axe on every screen and overlay in the dark theme (accessibility.ts).
import { accessibilitySuite } from './accessibility.js';

accessibilitySuite('dark');
