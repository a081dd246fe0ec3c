// Entry point of `npm start`: the configuration is read before the app is imported (./start.ts, and
// with it every room, React and the database client), so a bad setting stops the start with its one
// line at once rather than after the whole app has loaded.
import { configOrExit } from "./cli";

const config = configOrExit();
const { main } = await import("./start");
await main([], config);
