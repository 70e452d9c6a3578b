// A vitest reporter for scripts/test.mjs: writes every failure of the run to the file named by
// FST_FAILURES_FILE, one line each: failed tests, and the errors vitest hangs on a file or a
// describe block (a beforeAll/afterAll hook that threw or timed out) or reports as unhandled. The JSON
// reporter keeps only the first kind, so a failed hook showed up as a failed file with no reason.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

const firstLines = (error) => (error?.message || error?.name || String(error)).split('\n').filter(Boolean).slice(0, 3).join(' / ');
// A worker that died says only "Worker forks emitted error."; its cause says why ("Worker exited unexpectedly").
const withCause = (error) => (error?.cause ? `${firstLines(error)} (cause: ${firstLines(error.cause)})` : firstLines(error));

export default class FailureReporter {
  /** Files started and not yet ended: when a worker dies, the file it was running stays here. */
  running = new Set();

  onTestModuleStart(testModule) {
    this.running.add(testModule.moduleId);
  }

  onTestModuleEnd(testModule) {
    this.running.delete(testModule.moduleId);
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.FST_FAILURES_FILE;
    if (!file) return;
    const lines = [];
    for (const module of testModules) {
      const where = relative(process.cwd(), module.moduleId);
      for (const error of module.errors()) lines.push(`${where}: ${firstLines(error)}`);
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors()) lines.push(`${where} › ${suite.fullName}: ${firstLines(error)}`);
      }
      for (const test of module.children.allTests('failed')) {
        lines.push(`${where} › ${test.fullName}: ${firstLines(test.result().errors?.[0])}`);
      }
    }
    for (const error of unhandledErrors) {
      // Vitest names the test file (and test) that was running when the error surfaced; the stack's first
      // frame of our own code says where it came from.
      const during = error?.VITEST_TEST_PATH
        ? ` during ${relative(process.cwd(), error.VITEST_TEST_PATH)}${error.VITEST_TEST_NAME ? ` › ${error.VITEST_TEST_NAME}` : ''}`
        : '';
      const frame = String(error?.stack ?? '')
        .split('\n')
        .find((l) => l.includes('/apps/') && !l.includes('node_modules'));
      lines.push(`unhandled error${during}: ${withCause(error)}${frame ? ` (${frame.trim()})` : ''}`);
    }
    for (const moduleId of this.running) lines.push(`${relative(process.cwd(), moduleId)}: started and never ended (its worker died?)`);
    if (lines.length) appendFileSync(file, lines.map((l) => `${l}\n`).join(''));
  }
}
