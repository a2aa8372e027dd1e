export { main as runCli } from "./cli/main";
