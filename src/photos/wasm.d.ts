// `*.wasm` imports are bundled as compiled WebAssembly modules (wrangler's default CompiledWasm rule;
// the vitest pool resolves them the same way).
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
