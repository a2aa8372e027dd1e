export * from "./schema";
export * from "./grading/text-match";
export * from "./case-registry";
export * from "./cases";
export * from "./world/case-world";
export { applyHostContent } from "./world/apply-host-content";
export { scenario1 } from "./content/scenario1";
export { scenario2 } from "./content/scenario2";
export { COMPANY, HOSTS as SCENARIO2_HOSTS, NETWORK as SCENARIO2_NETWORK } from "./content/scenario2/roster";
