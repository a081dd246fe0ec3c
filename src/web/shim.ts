// The inline classic script that runs before any module: react-server-dom-webpack's browser client
// reads these __webpack_* globals when it is evaluated (a module import would run too late, as
// the client sits in a shared chunk). A failed chunk is reported to the router's reload policy.
export const SHIM = `(()=>{const l=new Map();
globalThis.__webpack_chunk_load__=(c)=>import(c).then((m)=>{l.set(c,m)},(e)=>{const f=globalThis.__bothy_chunk_failed;if(f)f(e);throw e});
globalThis.__webpack_require__=Object.assign((i)=>l.get(i),{u:(c)=>c});
globalThis.__webpack_get_script_filename__=(c)=>c;})();`;
