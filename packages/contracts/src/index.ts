export * from "./errors";
export * from "./auth";
export * from "./system";
export * from "./files";
export * from "./results";
export * from "./scripts";
export * from "./scenarios";
export * from "./metadata";
