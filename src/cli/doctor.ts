// `npm run doctor`: checks the deployment this environment configures (the same settings the
// server reads) and prints a line per check, ok, warn or FAIL, with what it found and the fix;
// exits 1 when any check fails. `--time-scale N` stretches every check's time limit N times.
import { findingLine, runDoctor } from "../doctor";
import { setLogLevel } from "../log";
import { configOrExit, exitWith } from ".";

const config = configOrExit("doctor");
const args = process.argv.slice(2);
const scaleAt = args.indexOf("--time-scale");
const timeScale = scaleAt < 0 ? 1 : Number(args[scaleAt + 1]);
if (!(timeScale >= 1)) exitWith("--time-scale takes a number of at least 1.", "doctor");
// NOTE: the checks open what the server opens (the embedded database, Chromium); their own log
// lines would interleave with the report.
setLogLevel("error");

const findings = await runDoctor(config, { timeScale, report: (f) => console.log(findingLine(f)) });
const failed = findings.filter((f) => f.status === "FAIL").length;
const warned = findings.filter((f) => f.status === "warn").length;
console.log(failed ? `${failed} of ${findings.length} checks failed` : `all ${findings.length} checks passed${warned ? `, ${warned} with a warning` : ""}`);
process.exit(failed ? 1 : 0);
