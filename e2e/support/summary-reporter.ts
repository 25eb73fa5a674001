/**
 * Prints one closing line that CI can read: `e2e: N passed, N failed, N skipped`, and writes the
 * counts to test-results/e2e-summary.json for scripts/test.sh's overall line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
} from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private total = 0;

  onBegin(_config: FullConfig, suite: Suite) {
    this.total = suite.allTests().length;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    // Count each test once, by its final outcome (retries included).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') {
      return;
    }
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped') this.skipped += 1;
    else this.failed += 1;
  }

  onEnd(result: FullResult) {
    const failed = result.status === 'passed' ? this.failed : Math.max(this.failed, 1);
    // Tests of a project whose dependency failed never start: they count as skipped.
    const skipped =
      this.skipped + Math.max(0, this.total - this.passed - this.failed - this.skipped);
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      'test-results/e2e-summary.json',
      JSON.stringify({ passed: this.passed, failed, skipped }),
    );
    process.stdout.write(`\ne2e: ${this.passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }

  printsToStdio() {
    return false;
  }
}
