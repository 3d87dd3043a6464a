// Before the test files start: the assistant's help loads from the artifact the build wrote
// (dist/help.bin, services/assistant/help-artifact.ts), as servers load it. A missing or stale
// artifact stops the run here, once, with the command that builds it (`pnpm build`), rather than
// in every file that asks the assistant.
import { helpFor } from '../src/plugins/app/help.js';

export default function setup(): void {
  helpFor();
}
