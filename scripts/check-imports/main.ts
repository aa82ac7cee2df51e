// npm run lint: every relative import in src/, scripts/ and tests/ against the table in
// rules.ts, and no cycles.
// Prints one line per problem (file, import, rule) and exits 1 if there is any.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { check, cycles, importsOf } from "./rules.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const root = process.cwd();
const files = ["src", "scripts", "tests"]
  .flatMap((dir) => sources(path.join(root, dir)))
  .map((f) => path.relative(root, f));
const graph = new Map<string, string[]>();
const problems: string[] = [];
for (const file of files) {
  const targets: string[] = [];
  for (const specifier of importsOf(readFileSync(file, "utf8"))) {
    const target = path.normalize(path.join(path.dirname(file), specifier));
    // Tests beside the code in src/ may import anything (they set things up and check what is
    // shown); those in tests/ follow their folder's rule. Tests are not part of the graph.
    if (file.startsWith("src/") && /\.test\.tsx?$/.test(file)) continue;
    const rule = check(file, target);
    if (rule) problems.push(`${file}: import "${specifier}": ${rule}`);
    targets.push(target);
  }
  if (!/\.test\.tsx?$/.test(file)) graph.set(file, targets);
}
for (const cycle of cycles(graph)) problems.push(`import cycle: ${cycle.join(" → ")}`);
if (problems.length > 0) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.stderr.write(
    `${problems.length} import rule problem(s); the rules: README, "Architecture"\n`,
  );
  process.exit(1);
}
process.stdout.write(`imports: ${files.length} files follow the architecture's rules, no cycles\n`);
