// A size budget in KB of gzip (1 KB = 1,024 bytes): prints the verdict and, over budget, makes
// the run exit non-zero, so `pnpm bench` stops right after its build (bench/package.json).
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function checkBudget(name: string, bytes: number, targetKb: number): void {
  const over = bytes > targetKb * 1024;
  console.log(
    `${name}: ${kb(bytes)} KB gzip (${bytes.toLocaleString('en')} bytes) — target <= ${targetKb} KB: ${over ? 'OVER BUDGET' : 'within budget'}`,
  );
  if (over) process.exitCode = 1;
}
