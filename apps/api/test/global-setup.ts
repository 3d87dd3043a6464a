// Builds the assistant's help once before the test files start. Building it trains the question
// model's classifier (a few seconds of CPU); its weights are then on disk (learned.ts
// `TrainedWeightsCache`), so each test file's server reads them instead of every file training
// the same model at once on the same cores, which once ran a file's first hook past its timeout.
import { helpFor } from '../src/plugins/app/help.js';

export default function setup(): void {
  helpFor();
}
