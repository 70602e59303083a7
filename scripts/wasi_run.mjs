// Runs a wasm32-wasip1 program (a test program of `cargo test`) under Node's
// WASI, as `scripts/cross.sh wasm32-wasip1 test ...` sets it for Cargo's
// runner: `node scripts/wasi_run.mjs PROGRAM.wasm ARGS...`. The program sees
// the current directory as `/` and the environment of the caller; its exit
// code is the process's.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process from "node:process";

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: "preview1",
  args: [program, ...args],
  env: process.env,
  preopens: { "/": "/" },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
