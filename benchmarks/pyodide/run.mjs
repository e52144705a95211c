// Run a Python script under Pyodide (CPython compiled to WebAssembly) in Node, with a zip of the
// package unpacked in its home folder. Used by ../pyodide_run.py; see benchmarks/README.md.
//
//   node run.mjs <pyodide package folder> <package zip> <script.py> [args...]
//
// The script's stdout and stderr go to ours; the exit code is 1 if the script raised, else the
// script's global EXIT_CODE (0 when it sets none).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, zipPath, scriptPath, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
const py = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
console.log(`pyodide ${py.version} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
py.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide" });
py.globals.set("ARGS", py.toPy(args));
try {
  await py.runPythonAsync(
    "import sys; sys.path.insert(0, '/home/pyodide'); sys.argv = ['script'] + list(ARGS)\n" +
    readFileSync(scriptPath, "utf8"));
} catch (err) {
  console.error(err.message ?? String(err));  // the Python traceback, not the runtime's source
  process.exit(1);
}
process.exit(py.globals.get("EXIT_CODE") ?? 0);
