// Adds up the JSON reports of the Vitest and Playwright runs and prints one closing line
// "N passed, N failed, N skipped"; exits non-zero when anything failed or nothing ran.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts =
    report.stats && 'expected' in report.stats
      ? // Playwright
        {
          passed: report.stats.expected + (report.stats.flaky ?? 0),
          failed: report.stats.unexpected,
          skipped: report.stats.skipped,
        }
      : // Vitest
        {
          passed: report.numPassedTests,
          failed: report.numFailedTests,
          skipped: report.numPendingTests + (report.numTodoTests ?? 0),
        };
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  console.log(
    `${file.split('/').pop()}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
