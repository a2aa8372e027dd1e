import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Lint, plus the one-way import rules of the architecture:
 * contracts ← scenarios ← sim ← engine ← server; web imports only contracts;
 * inside web, shared code ← features ← app, and no feature imports another.
 */
const WORKSPACE = ["contracts", "scenarios", "sim", "engine"];
const allowedBelow = {
  contracts: [],
  scenarios: ["contracts"],
  sim: ["contracts", "scenarios"],
  engine: ["contracts", "scenarios", "sim"],
};
const FEATURES = [
  "auth",
  "dashboard",
  "notifications",
  "placeholder",
  "scenario",
  "scripts",
  "filesystem",
  "metadata",
  "results",
  "leaderboard",
  "viewer",
];

const packageRules = Object.entries(allowedBelow).map(([pkg, allowed]) => ({
  files: [`packages/${pkg}/src/**/*.ts`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: [
              ...WORKSPACE.filter((p) => p !== pkg && !allowed.includes(p)).map((p) => `@analystbench/${p}`),
              "@analystbench/server",
              "@analystbench/web",
            ],
            message: `packages/${pkg} may import only ${allowed.length ? allowed.join(", ") : "no other workspace"} (architecture.md).`,
          },
        ],
      },
    ],
  },
}));

const featureRules = FEATURES.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: "A feature must not import another feature.",
          },
          { group: ["@/app/*"], message: "Features must not import the app shell; pass what they need as props." },
          {
            group: ["@analystbench/*", "!@analystbench/contracts"],
            message: "The console imports only @analystbench/contracts.",
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".tmp/**", "data/**", "coverage/**", "content/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-control-regex": "off",
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser },
    },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@analystbench/*", "!@analystbench/contracts"],
              message: "The console imports only @analystbench/contracts.",
            },
          ],
        },
      ],
    },
  },
  ...packageRules,
  ...featureRules,
  {
    files: ["apps/server/src/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["fastify", "@fastify/*"], message: "Services must not depend on Fastify (architecture.md)." },
          ],
        },
      ],
    },
  },
);
