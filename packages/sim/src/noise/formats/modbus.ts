import { type Generator, clientPort, peer } from "../context";
import { isoSpaceTime } from "../log-time";

const FUNCTIONS = [
  "03 read holding registers",
  "03 read holding registers",
  "04 read input registers",
  "01 read coils",
];

/** mbusd, a Modbus TCP-to-RTU gateway: polling reads from the SCADA side. */
export const modbus: Generator = (rng, ctx, ms) => {
  const fc = rng.pick(FUNCTIONS);
  return `${isoSpaceTime(ms)} mbusd[${rng.int(600, 700)}]: conn ${peer(rng, ctx)}:${clientPort(rng)} FC${fc} addr=${rng.pick([40001, 40011, 40021, 30001])} qty=${rng.pick([2, 4, 10])} unit=1 ok`;
};
