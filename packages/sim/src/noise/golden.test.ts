import { createHash } from "node:crypto";
import { NOISE_FORMAT_PROFILES, NOISE_FORMATS, type NoiseFormat, type NoiseProfile } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { type NoiseContext, type NoiseOptions, generateNoise } from "./generators";
import { createRandom } from "../random";

/**
 * Environment hashes of every case depend on the exact bytes of generated noise, so each format's
 * output for a fixed seed, context and range is pinned here. A change to any digest changes the
 * environments that content builds: only update one deliberately, never to make a refactor pass.
 */
const WEEK = { from: Date.parse("2026-03-02T00:00:00Z"), to: Date.parse("2026-03-09T00:00:00Z") };
/** Crosses a month and a year, with two-digit days (padding of syslog and CLF times). */
const NEW_YEAR = { from: Date.parse("2025-12-28T22:00:00Z"), to: Date.parse("2026-01-02T03:00:00Z") };
const FULL: NoiseContext = {
  hostname: "web-01",
  ip: "10.0.20.10",
  peers: ["10.0.20.15", "10.0.20.21", "10.0.30.5"],
  users: ["alice", "bob"],
};
/** No peers and no users: the generators' fallbacks. */
const EMPTY: NoiseContext = { hostname: "plc-gw", ip: "10.0.90.2", peers: [], users: [] };

function digest(
  format: NoiseFormat,
  ctx: NoiseContext,
  range: { from: number; to: number },
  count: number,
  options?: NoiseOptions,
): string {
  const seed = options?.profile ? `golden:${format}:${options.profile}` : `golden:${format}`;
  const lines = generateNoise(format, createRandom(seed), ctx, count, range.from, range.to, options);
  return createHash("sha256")
    .update(lines.map((l) => `${l.ms} ${l.text}`).join("\n"))
    .digest("hex");
}

/** [week, full context; week, empty context; new year, full context, 50 lines]. Every format. */
const GOLDEN: Record<NoiseFormat, [string, string, string]> = {
  syslog: [
    "89ff6a641ddbc79343b5c50c7373987fdcf2dea220339f322896cc8a6eca4362",
    "a88f3515a5c5bd2dc030fcc475e7cbbdf934b6540f9d574463ec8a04979d889f",
    "c1de20be63de7bee3405d1dd62aac3d3fe8fc77ff2a70e3702a8b6a553c36982",
  ],
  auth: [
    "bb18016189fb302d2a181dab55e0685c64acd15d03f9ca732e50ba1db89abaa4",
    "5846c5a046774e76a828cc05068b2ba7d4ada38886e04cc1aa0fa722cb3bb4fe",
    "24e9099cae50a55054946e3ba06ca27d618edcc0033951c559072ecb58cfdc09",
  ],
  "nginx-access": [
    "0edfe025859afb43c1da790a34aeb8ad6a7fcfec550885d2eb68179ba1806482",
    "db2e238b381677dbc54832e069220732d5a60a776d67fcc3704f8cc0f179e3ba",
    "1ffe632a37fbea0cc78abbbbf7b456bcb2d8d59fe5730af2cc833a8bac4fda9c",
  ],
  "apache-access": [
    "5687f839b3b662238d579917d0ead45d8ebcc234c11f0bc15a5d3ab2ce449ae7",
    "1f0e82cdbf976cdf711d567fa0395b2c4fb1903585c515e07fe4eaf1a2658c43",
    "2c0469109ff02b3258b9c00b3bb32b1168444987a426950e0ad758243a558793",
  ],
  auditd: [
    "b7861526264b6ebef934fba235a6368afd77151d4f428b35af99415a8f941920",
    "b7861526264b6ebef934fba235a6368afd77151d4f428b35af99415a8f941920",
    "e166dcf7859a2ab3343fd079183ec06a7205f04c07698065d542137a09016a0c",
  ],
  "ci-runner": [
    "ba3127b4756d3fb9330145245426f4ea0e8780bef637cf010ca5e7dd0abb3fba",
    "ba3127b4756d3fb9330145245426f4ea0e8780bef637cf010ca5e7dd0abb3fba",
    "4d423d6de0fa252da9e12336503e1883e7c42517ac4ba028d2783418f0c7eafd",
  ],
  "nexus-request": [
    "3b50b55e23632160bb2e8fae8744cbbf043b9ba1eb46a763c760310258c66c59",
    "3d7eda3c56428af8240e48d27bad422ef985133d7be5e1c79b6b2b5bd42e9898",
    "40e007fe3dab58c8b2a34a1003da07bd08c9dc0c770ae9588f7a6d23f5fb3cfe",
  ],
  "git-daemon": [
    "62f7a155fcedafbf19c446a6da7ff2b6bf3bf09af54be2ca6aabea89d72b0af4",
    "05ef3474a7ce6b7c4bfa208e6833207e1332bdd84d76e3977d9d4706e1f68577",
    "268be37de985b4692b759b739328d764e5082b36df3ba5e8e480c3d5b973fbb3",
  ],
  postgres: [
    "c1ce6a2b35c6789f50b79f22f7d0c7bb29ac7780d3c064edacce5f1a24c9cbaf",
    "3fefe5478d38b88f73ab0b552e3301b01add1e5a6b7bc7d4c13cc2f7fcb44bcc",
    "34490a48178df0a01b54bcd4fabf90fd9bb92e1ce06345b9aeb5c2078fb2fb1a",
  ],
  firewall: [
    "ebadaae5de5b0ab127e565c0483cda12b7a10ccb8ba6cb69095852e5f4c82183",
    "a202af46e19ca64adeb1674f421937d0d3002df62760b67247ea6d4895e618cc",
    "665e50ae65ca83e95dea2b4c7589a98359aa4a7bff9688be12b6dc8afddc8381",
  ],
  "windows-security": [
    "313f9efa832e993d4638d89c72b98077e99b02317a4204fbefae465a25e0e411",
    "25a9fdb1608204dd62bb774e3b8beeb96b08e96bf7d3054da4c077bcf2708487",
    "d48486b6306a4e21ccd04f53c582d1550198ac69c4ad00db379fcadb4399321f",
  ],
  modbus: [
    "664f242feac4f548463d2992cfcd579e8cff27f733fb92b82460e3835e1d9445",
    "8e1b7fff168661436673e738b712b040264bfbaa46a0a4538cd569db05159391",
    "db3e70a9dea20a7082bdf4c00ffadeb72fdc8e30c6f5a71cfef00fbd56fd08b1",
  ],
  "json-app": [
    "762d2d524c48b49690be066789c36222598b4a407351b707319ab5831a592fbe",
    "9a924ad448f960d9b881156e14bd03602206875bc6b7c9d8114a06b4aef79b94",
    "8de649d9d007fcb303a5a369e55a59be712ff4da2b446b7d3e3e5d8f39b5b1d8",
  ],
  // Pinned when they were added (after the split into ./formats), before any content used them.
  journald: [
    "9d9cc7790faf7ce6b73f838e60a0206412b29ee5f7add3db6f2ed41e7380e857",
    "deda2f109bf789730ee9f930dc8a3f4dade8f6936008ac3180af5942d9c7e86b",
    "464d25277256b1cf88e0e80bffb8adf29220ac1134d5638ac2320ccc1d71b375",
  ],
  "bind-query": [
    "bf5be681c4a41ffd31e2e1e6aebef95f019649936128cabe3dfdfff60ce3ff9a",
    "5c8a2d471b73fc60bc0b74f2dfe2a1bb525ca3febc15a84645bce5d3d794e4ec",
    "a13ba299d69c70cc5d5ad101fe118f347fb26d34d1ae4025825b8f01870b146d",
  ],
  "jenkins-console": [
    "3d5bf4459225959240091bd43e22ef87fcf78094bff7c9c652491e94c835c689",
    "b56ba6d9eb86ab022eb5a8de81932356194f1298cf377aed2b63f6a42b57d1ce",
    "b4fe3e34c885fe0d7dc7e7ad12c207f36c1bc3b1f522214600553b997ea95699",
  ],
  "npm-debug": [
    "a82bccc4ef3b6990875c8c1ea4a4dd94c6796b2aabbbe1a5f1e7f1957a455e25",
    "6975ca5b3a5c6ec366b0c7b82f0a1796c5ec6b9e1dce10975c65e6783e3b72a0",
    "2e44a74825a27322deea2a4f5b55d494a072532168b9f897ebab2a89ec3f3e8f",
  ],
  cloudtrail: [
    "e9a7fe61aefbb62c366c3f46d7ab2f5f0b69cd3e4d120d230abf1fbf0f3cb500",
    "3f4ef18b382e5bc694a9456f0c716ddb515aa33e339d74cabbe83208c3241b0e",
    "69f89fe8b980651fb85a955daa327cbe6d849543a0a1bb228cfd89a685899237",
  ],
  "siem-alert": [
    "7efe024e34d543e813fd47555c826af66844f1fd6d226e60e9fdbcd14ceefe3c",
    "0fed153e11f167361e94ffc47edd905b8acfd96bd8d460f5e54a374d1846093f",
    "ded2ce85c0ae460c9984f79069290be146a57c09f2f7809e1d4da1bc6aec4096",
  ],
  postfix: [
    "3190045fb96eba27f7a7ea8b00fc2fc520df326ad60dd33fac8c734e9a2e1d48",
    "c0f9ac1622f65f3ceb93df4fe381a54d6818432d481fa0c347c02dd2e36435a1",
    "5ada87fbe7dc52d854ba50dca1689efb9a04ceedf8b0c455d7095833d96fcdcd",
  ],
  samba: [
    "3100d589d72cde98fe521010f112e96a8830cc1f18871b5bf99349e459e76ede",
    "6b8f7abdf7c67ad75d4e005872006ba71b0395e3fc366c751e467409047533c3",
    "d6bd89d090899086ba90f866ceb55beb0a86b4a4c16c087388180589774ea941",
  ],
};

describe("noise golden output", () => {
  for (const format of NOISE_FORMATS) {
    const [week, weekEmpty, newYear] = GOLDEN[format];
    it(`${format} generates exactly the pinned lines`, () => {
      expect(digest(format, FULL, WEEK, 200)).toBe(week);
      expect(digest(format, EMPTY, WEEK, 200)).toBe(weekEmpty);
      expect(digest(format, FULL, NEW_YEAR, 50)).toBe(newYear);
    });
  }
});

/**
 * Profiles, pinned the same way: every (format, profile) pair over the week with the full context
 * and the options content gives them (clients, named hosts, an internet share), then 50 lines
 * across the new year with a window of two days before a clock.
 */
const OPTIONS: NoiseOptions = {
  peers: ["10.0.20.102", "10.0.20.114", "10.0.30.11", "10.0.30.13", "10.0.40.5"],
  users: ["alice", "bob"],
  hosts: [
    { name: "edge-fw01", ip: "198.51.100.6" },
    { name: "ci-01", ip: "10.0.30.11", user: "svc-build" },
    { name: "artifacts-01", ip: "10.0.30.13" },
    { name: "jump-01", ip: "10.0.40.5" },
  ],
  external: 0.4,
  keys: { alice: "SHA256:q8Yb0fT7WmK2eE1nq3vX5pZ6LrC9sJ4hA0dF2gH7kUo" },
};
const PROFILED: Record<string, [string, string]> = {
  "nginx-access/suitecrm": [
    "98c860edaf18b73f547165d827e3e63e4c0554e405d3fd5c1e03307f04248433",
    "0c97f9f5d93203ce1131f712488f63f84cee61a1a98a4146241ff2cf88447814",
  ],
  "nginx-access/gitea": [
    "e3e5ce4b1c600eb391f1ae5db91f573395e4a49948b395a60e3f4dd50b8073a2",
    "e6550d031a8e591a2affad7f9eddde872a2f93e1d54fa920ba8626e0fd82b8e4",
  ],
  "nginx-access/jenkins": [
    "2d1afb8b42b82d1bd4046cf4bedcaa4c27d71f4615f14e2b4076e8941ea2ea97",
    "64430308b95520f5431489396a2b6e17f987a309ce1ebd541f76ac503b85522c",
  ],
  "nginx-access/generic-api": [
    "d1778d2741dbcde3c680e3d70e9111d19c5f01125317043dda3b8dc251c7907f",
    "3fe6f6afd2f3bc5fd9b38326269782f5930893a96115e0e29e611343b37f198d",
  ],
  "nginx-access/static-site": [
    "33c04a830a6261119c881a3d11ed302dc137ac8919a5eaf9c16564413348846f",
    "62d6755522aa1f3689fa4c5febd945bfa097375eb9b47f96b66a0884f54a9de7",
  ],
  "apache-access/suitecrm": [
    "07c19c204ca27d99dd993e518b33e83128bf1b499138cff68f681c999bca85a5",
    "1f1d03414aab46d0ae517ea9bae64a6754debb074a651fc0e82343675beb5dfa",
  ],
  "apache-access/gitea": [
    "8fb36e8c806244a167ecfd35ce67ca468a79eefa42e76410f7c97d2a0108d7b1",
    "5178ed898b7c2bf7d4e1143eaccf3931504117ae7b8374719a294dad4aa92703",
  ],
  "apache-access/jenkins": [
    "e33cd1391d084930bf3cb8a18a34738545e38b910ba35f6f9a36e87825a4d7af",
    "6f31a03118fe6150b0f5f79ec5b50ce8b26d1d7763dad14018904df4c644607c",
  ],
  "apache-access/generic-api": [
    "ccb533638f346aae0059e7e7a3aaa5af8f1a22d9ef048b7ce63d9284a9b711a3",
    "d9cf995ba6d7355715021b65dfa82d71758841c1b00b5ce0ec21b1957c04522e",
  ],
  "apache-access/static-site": [
    "63feddb1708551f05176e771448f770d5cfb8d66611b2bbbc3d95ef803ea3677",
    "67a7822fa590ce2e6ae2c04f033f8c58d3b9b191884ec167c2cf2d2e29fec36e",
  ],
  "auth/server": [
    "5684622218201b34b75e1793861e847f2cc8bdbfc0d1d1318796dcb9b2379a78",
    "1c854d49232fb7c919c3bd4ddf5a87bdfd4cce5135f628be59d9c976bfe622ef",
  ],
  "auth/workstation": [
    "f50ae08c2c0a3272ac27f4bb461d8d523e8b326ae4c356b1e41eb852ef41a5d3",
    "81e691f018ff6bc5a73bf512286b7a2841a72b15ef25b787af9731c02acf5728",
  ],
  "auditd/server": [
    "f5385f27e9ce3809ab7ac67635e77a0d0a821eaccce835ab651dbf6ab383fcc5",
    "6426f963a6d9d5e37315ece26cb84eeaa482cbce188c91117af4547bd3e4edb2",
  ],
  "syslog/server": [
    "ba2c8afc52a48ecec47225539152193d684f254144cef8690667949843cbc2f5",
    "99e989beadc98c4a7497e373d64a2532ebae4526abb60609d18192929a400940",
  ],
  "syslog/workstation": [
    "a5f76d695b3d3c0f1219b69401da5015c69881d6c5081b416cdb914e9ac2adb4",
    "7e0a1c43d2371e75b0f8ea3d217c1fc56846b676e3890f5917ba175709ba3caf",
  ],
  "syslog/gitea": [
    "990167fb6883777d8676f0c449a8058a4a062d00df7b43cf981b7a6080b6864a",
    "353c5e40f5a18808533edf21aed7403c40f2a77f77945094e29ef56889ea6c3f",
  ],
  "siem-alert/kestrel": [
    "8db53d5c28aa7801655477f359a7516e4c0062fc032a9224734bc532bad27b76",
    "65431a832e912eb55ad25f5dbdfd5d5280ffa40bce0cb9eb31d1c1bcafa6b030",
  ],
  "bind-query/resolver": [
    "eb0a220cc9f49331c3673ca27e8780009046510da0a018b50f36b0d9ee304c5e",
    "f20d36f41f1f5f75c2de42e559ec4f8684193ac049d0588c2c1ebbad3888e6f7",
  ],
  "firewall/fortigate": [
    "ad6c9b4594103cd103009bcbfefc8cadedde41a12ce8eaf37cab00a63b546e32",
    "fcbf729e6d47b32b1d98a3322baebcac3c577a47b11be83f734ec1c39b02a2a4",
  ],
  "nexus-request/nexus": [
    "33d2f514e455e7cbaf64141e84fb330f6a962db97b87d022a8e86348f61b0372",
    "1a4e7504f9b1538f963c35d85357098269f8f1db6c3e731feda181eca12279f2",
  ],
  "postgres/app-db": [
    "b28e14a94f9c05d2203a72be8817836c17d8c66968a21ae955dfc00549905bb1",
    "a4a47d67eba73b82c30407b4461b228b6d7f8dbdda9a44c99155ff13d4926c8f",
  ],
  "json-app/pino": [
    "142b446b289189e16853128471848119e0f8fa5f307012ffc2624eff6059cf19",
    "ddb613f603cf1a497abbc7925f4dbee92ae5fbfc7a9c531b087e3cc278436f4b",
  ],
  "postfix/relay": [
    "58ec94b9e7a2934553b8802caa8c6c1131e8307134325ce58ae982086856a77f",
    "508d2539158c63023d2b35095ecbb8836e9763be437825f29ff7159bae659ec2",
  ],
  "samba/ad-dc": [
    "f850aa4ac68ea342cd7aad666e86ebb60128f772a965301dd73543611758f4a1",
    "52c6288c019ae4c551edd4ae0d4f319a980ba2433ca677a6bf424d9081cf9dd5",
  ],
};

describe("noise golden output of profiles", () => {
  const pairs = Object.entries(NOISE_FORMAT_PROFILES).flatMap(([format, profiles]) =>
    profiles.map((profile) => [format as NoiseFormat, profile as NoiseProfile] as const),
  );
  it("pins every profile the schema offers", () => {
    expect(Object.keys(PROFILED).sort()).toEqual(pairs.map(([f, p]) => `${f}/${p}`).sort());
  });
  for (const [format, profile] of pairs) {
    it(`${format}/${profile} generates exactly the pinned lines`, () => {
      const [week, window] = PROFILED[`${format}/${profile}`]!;
      expect(digest(format, FULL, WEEK, 300, { ...OPTIONS, profile })).toBe(week);
      const until = Date.parse("2026-01-01T12:00:00Z");
      expect(digest(format, FULL, NEW_YEAR, 50, { ...OPTIONS, profile, window_days: 2, untilMs: until })).toBe(window);
    });
  }
});
