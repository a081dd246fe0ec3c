// Preloaded by the client suite (tests/run.ts): happy-dom's window, document and events become
// globals so @testing-library/react renders React 19 components as a browser would, and each
// test starts from an empty document.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

// NOTE: happy-dom replaces Response with its own, which Bun.serve refuses as an answer. Tests
// that play a server on loopback answer with Bun's own, kept here as `BunResponse`.
(globalThis as { BunResponse?: typeof Response }).BunResponse = Response;
GlobalRegistrator.register({ url: "http://127.0.0.1/", width: 1440, height: 900 });

// NOTE: imported after the registration: testing-library reads `document` when it loads.
const { afterEach } = await import("bun:test");
const { cleanup } = await import("@testing-library/react");
// React warns that updates outside act() are untested unless this flag says we are a test runner.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => cleanup());
