// Entry point of the admin CLI (`pnpm cli …` at the repository root).
import { CliError, runCli } from './cli/run-cli.js';
import { ConfigError, loadConfig } from './config/config.js';

try {
  await runCli(process.argv.slice(2), loadConfig(), { out: (line) => console.log(line) });
} catch (err) {
  if (err instanceof CliError || err instanceof ConfigError) {
    console.error(`omega-cli: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
