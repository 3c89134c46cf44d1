// A vitest reporter for scripts/test.mjs: a test that passed only on a retry (its own `retry` option, or one
// given on the command line) is flaky, and the run must count it as failed rather than passed. vitest's JSON
// report does not say which tests were retried, so this writes their names to the file that
// VITEST_RETRIES_OUTPUT names.
import fs from 'node:fs';
import path from 'node:path';

export default class RetriesReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    if (testCase.diagnostic()?.flaky)
      this.flaky.push(`${path.relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName}`);
  }

  onTestRunEnd() {
    const file = process.env.VITEST_RETRIES_OUTPUT;
    if (file) fs.writeFileSync(file, JSON.stringify(this.flaky));
  }
}
