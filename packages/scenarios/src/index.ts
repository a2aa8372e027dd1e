export * from "./schema";
export { mulberry32 } from "./seeded-random";
export * from "./grading/text-match";
export * from "./grading/claims";
export * from "./grading/lookalikes";
export * from "./cases";
export * from "./world/case-world";
export { applyHostContent } from "./world/apply-host-content";
export * from "./packages/identifiers";
export * from "./packages/manifest-schema";
export { drawIdentifiers, remapIdentifiers, variantSecret, PUBLIC_VARIANT_SECRET } from "./packages/variants";
export {
  BUILT_IN_CONTENT_DIR,
  CASE_MANIFEST,
  findPackageDirs,
  readCasePackage,
  userCaseDirs,
  type BrokenPackage,
  type CaseSource,
} from "./packages/catalog";
export { describeProblem, type PackageProblem } from "./packages/read-package";
// The content checks `analystbench case check` runs on an author's package.
export * from "./validation/check-grading-data";
export {
  checkConfigs,
  checkDevices,
  checkIocUniqueness,
  checkNarrative,
  checkTasks1,
  strayInternalIps,
} from "./validation/check-content";
