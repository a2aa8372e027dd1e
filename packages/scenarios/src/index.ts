export * from "./schema";
export * from "./grading/text-match";
export * from "./case-registry";
export * from "./world/case-world";
export { applyHostContent } from "./world/apply-host-content";
