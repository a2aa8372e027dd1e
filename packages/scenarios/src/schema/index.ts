export * from "./tools";
export * from "./checkpoint";
export * from "./world";
export * from "./scenario1";
export * from "./scenario2";
