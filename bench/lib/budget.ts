// A size budget in KB (1 KB = 1,024 bytes) of gzip, or of what the server sends: prints the
// verdict and, over budget, makes the run exit non-zero, so `pnpm bench` stops right after its
// build (bench/package.json).
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function checkBudget(name: string, bytes: number, targetKb: number, unit = 'gzip'): void {
  const over = bytes > targetKb * 1024;
  console.log(
    `${name}: ${kb(bytes)} KB ${unit} (${bytes.toLocaleString('en')} bytes) — target <= ${targetKb} KB: ${over ? 'OVER BUDGET' : 'within budget'}`,
  );
  if (over) process.exitCode = 1;
}
